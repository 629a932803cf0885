/*
 * dlopen with RTLD_GLOBAL for org.jpio.engine.NativeLibrary.openGlobal. Java's System.load opens a
 * library with RTLD_LOCAL, so its symbols stay invisible to libraries loaded later; jpio's MPI bridges
 * are not linked to a libmpi (native/Makefile) and need the libmpi that Java picked to be global.
 * Which file to open is decided in Java; this only opens it and says where ld.so found it.
 */
#include "jpio_jni.h"

#include <dlfcn.h>
#include <link.h>
#include <stdlib.h>

/* Returns {path, null} when open (the file ld.so resolved), {null, dlerror} otherwise. loadedOnly: RTLD_NOLOAD. */
JNIEXPORT jobjectArray JNICALL Java_org_jpio_engine_NativeLibrary_dlopenGlobal(JNIEnv *env, jclass c, jstring jname, jboolean loadedOnly) {
    jclass string = (*env)->FindClass(env, "java/lang/String");
    if (string == NULL) return NULL;
    jobjectArray out = (*env)->NewObjectArray(env, 2, string, NULL);
    const char *name = out == NULL ? NULL : (*env)->GetStringUTFChars(env, jname, NULL);
    if (name == NULL) return NULL;
    dlerror();
    void *h = dlopen(name, RTLD_NOW | RTLD_GLOBAL | (loadedOnly ? RTLD_NOLOAD : 0));
    const char *err = h == NULL ? dlerror() : NULL;
    struct link_map *map = NULL;
    if (h != NULL && dlinfo(h, RTLD_DI_LINKMAP, &map) != 0) map = NULL;
    (*env)->ReleaseStringUTFChars(env, jname, name);
    /* the handle is never closed: what was opened stays open for the life of the process */
    if (h != NULL) {
        jstring path = (*env)->NewStringUTF(env, map != NULL && map->l_name[0] ? map->l_name : "");
        if (path != NULL) (*env)->SetObjectArrayElement(env, out, 0, path);
    } else {
        jstring why = (*env)->NewStringUTF(env, err != NULL ? err : loadedOnly ? "not loaded" : "dlopen failed");
        if (why != NULL) (*env)->SetObjectArrayElement(env, out, 1, why);
    }
    return out;
}

/*
 * setenv(name, value, 0) for org.jpio.engine.NativeLibrary.setenvDefault: a setting a library reads
 * from the environment when it loads (before Java could pass it any other way). Never overrides.
 */
JNIEXPORT jboolean JNICALL Java_org_jpio_engine_NativeLibrary_setenvIfUnset(JNIEnv *env, jclass c, jstring jname, jstring jvalue) {
    const char *name = (*env)->GetStringUTFChars(env, jname, NULL);
    if (name == NULL) return JNI_FALSE;
    const char *value = (*env)->GetStringUTFChars(env, jvalue, NULL);
    if (value == NULL) {
        (*env)->ReleaseStringUTFChars(env, jname, name);
        return JNI_FALSE;
    }
    int was = getenv(name) != NULL;
    int rc = was ? 0 : setenv(name, value, 0);
    (*env)->ReleaseStringUTFChars(env, jvalue, value);
    (*env)->ReleaseStringUTFChars(env, jname, name);
    return !was && rc == 0 ? JNI_TRUE : JNI_FALSE;
}
