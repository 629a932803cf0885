package org.jpio.engine;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;

/**
 * A test engine: a real engine whose files call a hook before and after every {@link EngineFile} method
 * (named as in the interface). A hook can hold the calling thread at a chosen call until a test releases
 * it, or make a chosen call fail, so races and failures become deterministic; the bytes still move
 * through the real engine.
 */
public final class InterceptingEngine implements IoEngine {
    public enum Stage { BEFORE, AFTER }

    /** Called around each call; {@code args} are the call's arguments. */
    @FunctionalInterface
    public interface Hook {
        void at(Stage stage, String op, Object[] args) throws IOException, InterruptedException;
    }

    private final IoEngine delegate;
    private final Hook hook;

    public InterceptingEngine(IoEngine delegate, Hook hook) {
        this.delegate = delegate;
        this.hook = hook;
    }

    @Override public String name() { return "intercepting"; }
    @Override public boolean supportsDirect() { return delegate.supportsDirect(); }

    @Override
    public EngineFile open(Path path, OpenSpec spec) throws IOException {
        EngineFile real = delegate.open(path, spec);
        return (EngineFile) Proxy.newProxyInstance(EngineFile.class.getClassLoader(), new Class<?>[] {EngineFile.class}, (proxy, m, args) -> {
            if (m.getName().equals("engine")) return this;
            Object[] a = args == null ? new Object[0] : args;
            hook.at(Stage.BEFORE, m.getName(), a);
            Object result;
            try {
                result = m.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            hook.at(Stage.AFTER, m.getName(), a);
            return result;
        });
    }
}
