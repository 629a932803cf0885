package org.jpio.view;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jpio.io.ElementType;
import org.junit.jupiter.api.Test;

class TypeCodecTest {
    @Test void vectorOfIntIsSixNumbers() {
        assertArrayEquals(new long[] {TypeCodec.VECTOR, 2, 1, 3, TypeCodec.BASIC, ElementType.INT.ordinal()},
                TypeCodec.encode(Datatype.vector(2, 1, 3, Datatype.of(ElementType.INT))));
    }

    @Test void malformedCodesAreRejected() {
        var e = assertThrows(IllegalArgumentException.class, () -> TypeCodec.decode(new long[] {TypeCodec.VECTOR, 2, 1}));
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> TypeCodec.decode(new long[] {42}));
        assertTrue(e.getMessage().contains("kind=42"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> TypeCodec.decode(new long[] {0, 2, 7}));
        assertTrue(e.getMessage().contains("trailing"), e.getMessage());
    }

    @Property(tries = 500)
    void roundTrip(@ForAll long seed) {
        Random r = new Random(seed);
        Datatype t = RandomTypes.type(r, 3);
        assertEquals(t, TypeCodec.decode(TypeCodec.encode(t)));
        Datatype ft = FileViewTest.filetype(r);
        FileView v = new FileView(r.nextInt(1000), ElementType.BYTE, ft, r.nextBoolean() ? DataRep.NATIVE : DataRep.BIG_ENDIAN);
        assertEquals(v, TypeCodec.decodeView(TypeCodec.encode(v)));
    }
}
