package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Frames of a stream session: a writer stores each frame's length prefix in the room it left before
 * the payload, and a reader reuses one array for the frames that fit it. Frames of very different
 * sizes, one after another, must still be exactly {@code varint(length) payload} and read back in
 * order, whether the stream hands over whole frames or one byte per read.
 */
class StreamFramesTest {
    /** Under one prefix byte, two, past a stream chunk (64 KiB), past the array a reader keeps (1 MiB). */
    private static final int[] SIZES = {0, 3, 200, 20_000, 70_000, 5, 1_500_000, 40, 300_000, 1};

    private static List<String> values() {
        List<String> values = new ArrayList<>();
        for (int n : SIZES) {
            StringBuilder s = new StringBuilder(n);
            for (int i = 0; i < n; i++) {
                s.append((char) ('a' + (i * 7 + n) % 26));
            }
            values.add(s.toString());
        }
        values.add(null);
        values.add("after the null");
        return values;
    }

    @Test
    void framesOfEverySizeAreLengthPrefixedPayloads() {
        for (boolean compatible : new boolean[] {false, true}) {
            Peregrine p = Peregrine.builder().compatible(compatible).build();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            try (StreamWriter w = p.newStreamWriter(out)) {
                for (String v : values()) {
                    w.write(v);
                    byte[] payload = p.serialize(v);
                    writeVarint(expected, payload.length);
                    expected.writeBytes(payload);
                }
            }
            assertArrayEquals(expected.toByteArray(), out.toByteArray(), "compatible " + compatible);
            byte[] stream = out.toByteArray();
            assertEquals(values(), readAll(p, new ByteArrayInputStream(stream)), "compatible " + compatible);
            assertEquals(values(), readAll(p, new RoundTrip.OneByteAtATime(new ByteArrayInputStream(stream))),
                    "compatible " + compatible + ", one byte per read");
        }
    }

    @Test
    void aFrameCutShortFailsWhereItEnds() {
        Peregrine p = Peregrine.builder().build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (StreamWriter w = p.newStreamWriter(out)) {
            w.write("a".repeat(100));
            w.write("b".repeat(300));
        }
        byte[] stream = out.toByteArray();
        byte[] cut = java.util.Arrays.copyOf(stream, stream.length - 10);
        try (StreamReader r = p.newStreamReader(new ByteArrayInputStream(cut))) {
            assertEquals("a".repeat(100), r.read(String.class));
            MalformedInputException e = assertThrows(MalformedInputException.class, () -> r.read(String.class));
            int length = p.serialize("b".repeat(300)).length;
            String want = "stream ended after " + (length - 10) + " of " + length + " payload bytes";
            assertTrue(e.getMessage().startsWith(want), e.getMessage());
        }
    }

    @Test
    void afterAFailedFrameACompatibleStreamReadsNoFurtherButASameSchemaStreamGoesOn() {
        for (boolean compatible : new boolean[] {true, false}) {
            Peregrine p = Peregrine.builder().compatible(compatible).build();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (StreamWriter w = p.newStreamWriter(out)) {
                w.write("a");
                w.write("b");
                w.write("c");
            }
            byte[] stream = out.toByteArray();
            stream[1 + stream[0] + 1] = (byte) 0xFF; // the second frame's header byte
            try (StreamReader r = p.newStreamReader(new ByteArrayInputStream(stream))) {
                assertEquals("a", r.read(String.class));
                assertThrows(MalformedInputException.class, () -> r.read(String.class));
                if (compatible) {
                    MalformedInputException e = assertThrows(MalformedInputException.class, () -> r.read(String.class));
                    assertTrue(e.getMessage().startsWith("an earlier frame of this compatible stream failed to read "
                            + "(not a Peregrine payload"), e.getMessage());
                } else {
                    assertEquals("c", r.read(String.class));
                }
            }
        }
    }

    @Test
    void afterARefusedFrameLengthNoStreamReadsFurther() {
        for (boolean compatible : new boolean[] {true, false}) {
            Peregrine p = Peregrine.builder().compatible(compatible).maxPayloadBytes(100).build();
            Peregrine big = Peregrine.builder().compatible(compatible).build();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (StreamWriter w = big.newStreamWriter(out)) {
                w.write("a");
                w.write("b".repeat(1000));
                w.write("c");
            }
            try (StreamReader r = p.newStreamReader(new ByteArrayInputStream(out.toByteArray()))) {
                assertEquals("a", r.read(String.class));
                assertThrows(LimitExceededException.class, () -> r.read(String.class));
                // Not "c": the reader stands inside the refused payload, whose bytes are no frame.
                MalformedInputException e = assertThrows(MalformedInputException.class, () -> r.read(String.class));
                assertTrue(e.getMessage().startsWith("an earlier frame of this stream could not be read (stream "
                        + "payload of"), e.getMessage());
            }
        }
    }

    /** Fails one read with a timeout once {@code at} bytes have been taken, as a socket may. */
    private static final class TimesOutOnce extends java.io.FilterInputStream {
        private long taken;
        private final long at;
        private boolean timedOut;

        TimesOutOnce(InputStream in, long at) {
            super(in);
            this.at = at;
        }

        @Override
        public int read() throws java.io.IOException {
            check();
            int b = super.read();
            taken += b >= 0 ? 1 : 0;
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws java.io.IOException {
            check();
            int n = super.read(b, off, (int) Math.min(len, taken < at ? at - taken : len));
            taken += Math.max(n, 0);
            return n;
        }

        private void check() throws java.io.IOException {
            if (taken == at && !timedOut) {
                timedOut = true;
                throw new java.net.SocketTimeoutException("read timed out");
            }
        }
    }

    @Test
    void aTimeoutBetweenFramesLeavesTheReaderUsable() {
        for (boolean compatible : new boolean[] {true, false}) {
            Peregrine p = Peregrine.builder().compatible(compatible).build();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (StreamWriter w = p.newStreamWriter(out)) {
                w.write("first");
                w.write("second");
            }
            int firstFrame = 1 + p.serialize("first").length;
            try (StreamReader r = p.newStreamReader(new TimesOutOnce(new ByteArrayInputStream(out.toByteArray()),
                    firstFrame))) {
                assertEquals("first", r.read(String.class));
                assertThrows(StreamException.class, () -> r.read(String.class));
                assertEquals("second", r.read(String.class));
            }
        }
    }

    private static List<String> readAll(Peregrine p, InputStream in) {
        List<String> read = new ArrayList<>();
        try (StreamReader r = p.newStreamReader(in)) {
            for (int i = 0; i < values().size(); i++) {
                read.add(r.read(String.class));
            }
        }
        return read;
    }

    private static void writeVarint(ByteArrayOutputStream out, int v) {
        while (v >= 0x80) {
            out.write(v & 0x7F | 0x80);
            v >>>= 7;
        }
        out.write(v);
    }
}
