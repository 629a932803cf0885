package org.jpio.layout;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Lustre: the file's (or directory's default) layout from LL_IOC_LOV_GETSTRIPE, a lov_user_md: magic
 * (u32), pattern (u32), object id (16 bytes), stripe size (u32), stripe count (u16), stripe offset (u16),
 * in the machine's byte order. Versions 1 and 3 share that header; a composite (progressive) layout is
 * reported unknown rather than read as its first component.
 */
final class LustreProbe implements LayoutProbe {
    static final int LOV_USER_MAGIC_V1 = 0x0BD10BD0, LOV_USER_MAGIC_V3 = 0x0BD30BD0, LOV_USER_MAGIC_COMP_V1 = 0x0BD60BD0;

    @Override public String name() { return "lustre"; }

    @Override public boolean recognizes(FsStat fs) { return fs.magic() == FsStat.LUSTRE_MAGIC; }

    @Override public StripeLayout read(Path path, FsStat fs, FsCalls calls) {
        byte[] h;
        try {
            h = calls.lustreStripe(path);
        } catch (IOException | RuntimeException e) {
            return StripeLayout.unknown(fs.type(), "LL_IOC_LOV_GETSTRIPE failed (a directory without a default layout answers ENODATA): " + e.getMessage());
        }
        return decode(h, fs);
    }

    static StripeLayout decode(byte[] header, FsStat fs) {
        if (header.length < 32) return StripeLayout.unknown(fs.type(), "LL_IOC_LOV_GETSTRIPE returned " + header.length + " bytes, expected 32");
        ByteBuffer b = ByteBuffer.wrap(header).order(ByteOrder.nativeOrder());
        int magic = b.getInt(0);
        Fact bs = Fact.known(fs.ioBlockSize(), "stat st_blksize");
        Fact noObjects = Fact.unknown("lustre objects are per stripe, sized by the file");
        if (magic == LOV_USER_MAGIC_COMP_V1)
            return new StripeLayout(fs.type(), "lustre", Fact.unknown("composite (progressive file) layout: its components are not decoded"),
                    Fact.unknown("composite (progressive file) layout: its components are not decoded"), bs, noObjects);
        if (magic != LOV_USER_MAGIC_V1 && magic != LOV_USER_MAGIC_V3)
            return new StripeLayout(fs.type(), "lustre", Fact.unknown(String.format("LL_IOC_LOV_GETSTRIPE magic=0x%08x is not a lov_user_md v1 or v3", magic)),
                    Fact.unknown(String.format("LL_IOC_LOV_GETSTRIPE magic=0x%08x", magic)), bs, noObjects);
        long size = Integer.toUnsignedLong(b.getInt(24));
        int count = Short.toUnsignedInt(b.getShort(28));
        String v = magic == LOV_USER_MAGIC_V1 ? "v1" : "v3";
        Fact unit = size > 0 ? Fact.known(size, "LL_IOC_LOV_GETSTRIPE lmm_stripe_size (lov_user_md " + v + ")")
                             : Fact.unknown("LL_IOC_LOV_GETSTRIPE lmm_stripe_size=0: the file system's default, not stated");
        Fact n = count == 0xFFFF ? Fact.unknown("LL_IOC_LOV_GETSTRIPE lmm_stripe_count=-1: every OST, their number not read")
                : count == 0 ? Fact.unknown("LL_IOC_LOV_GETSTRIPE lmm_stripe_count=0: the file system's default, not stated")
                : Fact.known(count, "LL_IOC_LOV_GETSTRIPE lmm_stripe_count (lov_user_md " + v + ")");
        return new StripeLayout(fs.type(), "lustre", unit, n, bs, noObjects);
    }

    @Override public Applied apply(Path file, long unit, long count, FsStat fs, FsCalls calls) {
        return Applied.no("setting a lustre layout (LL_IOC_LOV_SETSTRIPE at create) is not implemented: no lustre to test it on; "
                + "set the directory's default with lfs setstripe");
    }
}
