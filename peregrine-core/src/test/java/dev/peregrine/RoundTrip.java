package dev.peregrine;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Round-trips a value through every output kind (new array, array at an offset, heap buffer, direct
 * buffer, stream) and every input kind (array, array slice, heap buffer, direct buffer, a stream that
 * returns one byte per read), asserting that all outputs are the same bytes and every decoded value
 * equals the original and has its exact class.
 */
final class RoundTrip {
    private RoundTrip() {
    }

    /** Round-trips and returns the payload. */
    static byte[] check(Peregrine p, Object value) {
        byte[] bytes = p.serialize(value);

        byte[] dst = new byte[bytes.length + 7];
        int n = p.serialize(value, dst, 3);
        assertEquals(bytes.length, n, "length written at an offset");
        assertArrayEquals(bytes, Arrays.copyOfRange(dst, 3, 3 + n), "bytes written at an offset");

        ByteBuffer heap = ByteBuffer.allocate(bytes.length + 4);
        heap.position(2);
        p.serialize(value, heap);
        assertEquals(2 + bytes.length, heap.position());
        assertArrayEquals(bytes, Arrays.copyOfRange(heap.array(), 2, 2 + bytes.length), "heap buffer bytes");

        ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length + 4);
        direct.position(1);
        p.serialize(value, direct);
        byte[] fromDirect = new byte[bytes.length];
        direct.flip().position(1);
        direct.get(fromDirect);
        assertArrayEquals(bytes, fromDirect, "direct buffer bytes");

        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        p.serialize(value, stream);
        p.serialize(value, stream);
        ByteArrayOutputStream frames = new ByteArrayOutputStream();
        for (int i = 0; i < 2; i++) {
            for (int v = bytes.length; ; v >>>= 7) {
                frames.write(v < 0x80 ? v : v & 0x7F | 0x80);
                if (v < 0x80) {
                    break;
                }
            }
            frames.writeBytes(bytes);
        }
        assertArrayEquals(frames.toByteArray(), stream.toByteArray(), "stream bytes: varint(length) payload, twice");

        assertSame(value, p.deserialize(bytes));
        assertSame(value, p.deserialize(dst, 3, n, Object.class));
        heap.flip().position(2);
        assertSame(value, p.deserialize(heap, Object.class));
        assertEquals(heap.limit(), heap.position(), "heap buffer fully consumed");
        direct.position(1);
        assertSame(value, p.deserialize(direct, Object.class));
        assertEquals(direct.limit(), direct.position(), "direct buffer fully consumed");
        InputStream in = new OneByteAtATime(new ByteArrayInputStream(stream.toByteArray()));
        assertSame(value, p.deserialize(in, Object.class));
        assertSame(value, p.deserialize(in, Object.class));
        return bytes;
    }

    /** Bytes of the schema fingerprint a same-schema payload carries before a non-null root value. */
    static final int FINGERPRINT = 4;

    /**
     * Round-trips and asserts the exact payload length.
     *
     * @param expectedLength header, root tag and value; the fingerprint is added here
     */
    static byte[] check(Peregrine p, Object value, int expectedLength) {
        byte[] bytes = check(p, value);
        assertEquals(expectedLength + (value == null ? 0 : FINGERPRINT), bytes.length, () -> "payload length of " + value);
        return bytes;
    }

    /** Asserts deep equality and the same runtime class. */
    static void assertSame(Object expected, Object actual) {
        assertTrue(Objects.deepEquals(comparable(expected), comparable(actual)), () -> "expected " + show(expected) + " but got " + show(actual));
        if (expected != null) {
            assertEquals(expected.getClass(), actual.getClass(), "class preserved");
        }
    }

    /** ArrayDeque and the unmodifiable collection view keep identity equality; compare their elements. */
    private static Object comparable(Object o) {
        if (o instanceof java.util.Collection<?> c && !(o instanceof java.util.List) && !(o instanceof java.util.Set)) {
            return new java.util.ArrayList<>(c);
        }
        return o;
    }

    private static String show(Object o) {
        if (o instanceof Object[] a) {
            return Arrays.deepToString(a);
        }
        if (o != null && o.getClass().isArray()) {
            return Arrays.deepToString(new Object[] {o});
        }
        return String.valueOf(o);
    }

    /** A stream that hands out at most one byte per read call. */
    static final class OneByteAtATime extends FilterInputStream {
        OneByteAtATime(InputStream in) {
            super(in);
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return super.read(b, off, Math.min(len, 1));
        }
    }
}
