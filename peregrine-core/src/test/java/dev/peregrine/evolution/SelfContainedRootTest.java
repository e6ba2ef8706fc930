package dev.peregrine.evolution;

import dev.peregrine.Codec;
import org.junit.jupiter.api.Test;

import static dev.peregrine.evolution.Version.get;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Compatible mode through a {@code Codec} whose root class is self-contained (every field a
 * primitive, a String, a box or a primitive array), which writes and recognises its payloads with no
 * def table. Another version's payload (a field added, one removed) still takes the general path and
 * is translated, in both directions, and a codec that alternates between the two kinds of payload
 * reads each whole.
 */
class SelfContainedRootTest {
    private static final Version V1 = Version.compile("self-contained-v1", """
            public class Reading {
                String sensor;
                long value;
                int[] samples;
                short legacy;
            }
            """);
    private static final Version V2 = Version.compile("self-contained-v2", """
            public class Reading {
                String sensor;
                long value;
                int[] samples;
                double scale = 1.5;
                Integer count;
            }
            """);

    @SuppressWarnings("unchecked")
    private static Codec<Object> codec(Version version) {
        return (Codec<Object>) version.peregrine(true).codec(version.type("Reading"));
    }

    @Test
    void oldAndNewPayloadsReadThroughOneCodecInTurn() {
        Codec<Object> newCodec = codec(V2);
        byte[] old = codec(V1).encode(V1.create("Reading", "sensor", "t1", "value", 7L, "samples", new int[] {1, 2},
                "legacy", (short) 3));
        byte[] fresh = newCodec.encode(V2.create("Reading", "sensor", "t2", "value", 1L << 40, "count", 4));
        for (int i = 0; i < 3; i++) {
            Object fromOld = newCodec.decode(old);
            assertEquals("t1", get(fromOld, "sensor"));
            assertEquals(7L, get(fromOld, "value"));
            assertArrayEquals(new int[] {1, 2}, (int[]) get(fromOld, "samples"));
            assertEquals(1.5, get(fromOld, "scale"), "the initializer's default");
            assertNull(get(fromOld, "count"));
            Object own = newCodec.decode(fresh);
            assertEquals("t2", get(own, "sensor"));
            assertEquals(1L << 40, get(own, "value"));
            assertEquals(4, get(own, "count"));
        }
    }

    @Test
    void anOldCodecSkipsTheNewFields() {
        byte[] fresh = codec(V2).encode(V2.create("Reading", "sensor", "t3", "value", 9L, "samples", new int[] {5},
                "count", 2));
        Codec<Object> oldCodec = codec(V1);
        for (int i = 0; i < 2; i++) {
            Object read = oldCodec.decode(fresh);
            assertEquals("t3", get(read, "sensor"));
            assertEquals(9L, get(read, "value"));
            assertArrayEquals(new int[] {5}, (int[]) get(read, "samples"));
        }
    }

    @Test
    void aCodecWritesItsOwnVersionAfterReadingAnother() {
        Codec<Object> newCodec = codec(V2);
        newCodec.decode(codec(V1).encode(V1.create("Reading", "sensor", "t1", "value", 7L)));
        Object reading = V2.create("Reading", "sensor", "t4", "value", 3L, "count", 1);
        byte[] bytes = newCodec.encode(reading);
        assertArrayEquals(codec(V2).encode(reading), bytes, "the bytes of a codec that read nothing");
        byte[] into = new byte[bytes.length];
        assertEquals(bytes.length, newCodec.encode(reading, into, 0));
        assertArrayEquals(bytes, into);
        assertEquals(Version.snapshot(reading), Version.snapshot(codec(V2).decode(bytes)));
    }
}
