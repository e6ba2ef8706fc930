package dev.peregrine.evolution;

import dev.peregrine.HostileInput;
import dev.peregrine.Peregrine;
import dev.peregrine.PeregrineException;
import dev.peregrine.StreamReader;
import dev.peregrine.StreamWriter;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.Arrays;

import static dev.peregrine.evolution.Shop.V1;
import static dev.peregrine.evolution.Shop.V2;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Compatible payloads read by the other version, damaged: cut at every offset (which must fail, with a
 * {@link PeregrineException}) and with each byte replaced by a few values (which may decode to anything,
 * or fail with a {@link PeregrineException}); never another exception, never a hang, within the
 * allocation budget {@link HostileInput} checks. Also whole streams, cut and corrupted.
 */
class HostileEvolvedInputTest {
    private static final Duration BOUND = Duration.ofSeconds(60);

    private static void everyTruncationFails(Version writer, Version reader, Object value) {
        byte[] valid = writer.write(value);
        Peregrine p = reader.peregrine(true);
        p.deserialize(valid);
        assertTimeoutPreemptively(BOUND, () -> {
            for (int n = 0; n < valid.length; n++) {
                byte[] cut = Arrays.copyOf(valid, n);
                assertThrows(PeregrineException.class, () -> p.deserialize(cut), () -> "cut at " + cut.length);
                HostileInput.check(p, cut);
            }
        });
    }

    private static void everyCorruptionIsContained(Version writer, Version reader, Object value) {
        byte[] valid = writer.write(value);
        Peregrine p = reader.peregrine(true);
        p.deserialize(valid);
        assertTimeoutPreemptively(BOUND, () -> {
            for (int i = 0; i < valid.length; i++) {
                int b = valid[i] & 0xFF;
                for (int replacement : new int[] {0x00, 0xFF, b ^ 0x01, b ^ 0x80, b ^ 0x40, 0x7F}) {
                    if (replacement == b) {
                        continue;
                    }
                    byte[] bad = valid.clone();
                    bad[i] = (byte) replacement;
                    HostileInput.check(p, bad);
                }
            }
        });
    }

    @Test
    void oldPayloadCutAnywhereFailsInNewReader() {
        everyTruncationFails(V1, V2, Shop.v1Order("cut", 2));
    }

    @Test
    void newPayloadCutAnywhereFailsInOldReader() {
        everyTruncationFails(V2, V1, Shop.v2Order("cut", 2));
    }

    @Test
    void oldPayloadCorruptedAnywhereIsContainedInNewReader() {
        everyCorruptionIsContained(V1, V2, Shop.v1Order("bad", 2));
    }

    @Test
    void newPayloadCorruptedAnywhereIsContainedInOldReader() {
        everyCorruptionIsContained(V2, V1, Shop.v2Order("bad", 2));
    }

    @Test
    void streamCutAnywhereFailsInNewReader() {
        byte[] valid = oldStream();
        assertTimeoutPreemptively(BOUND, () -> {
            for (int n = 0; n < valid.length; n++) {
                String outcome = readStream(Arrays.copyOf(valid, n));
                if (outcome == null) {
                    fail("a stream cut at " + n + " of " + valid.length + " bytes read whole");
                }
            }
        });
    }

    @Test
    void streamCorruptedAnywhereIsContainedInNewReader() {
        byte[] valid = oldStream();
        assertTimeoutPreemptively(BOUND, () -> {
            for (int i = 0; i < valid.length; i++) {
                for (int replacement : new int[] {0x00, 0xFF, (valid[i] & 0xFF) ^ 0x01}) {
                    byte[] bad = valid.clone();
                    bad[i] = (byte) replacement;
                    readStream(bad);
                }
            }
        });
    }

    private static byte[] oldStream() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (StreamWriter w = V1.peregrine(true).newStreamWriter(out)) {
            w.write(Shop.v1Order("s1", 1));
            w.write(V1.create("Customer", "name", "n", "email", "e"));
            w.write(Shop.v1Order("s2", 2));
        }
        byte[] bytes = out.toByteArray();
        if (readStream(bytes) != null) {
            fail("the valid stream does not read: " + readStream(bytes));
        }
        return bytes;
    }

    /** Reads the three values of {@link #oldStream()} with v2; returns null when all read, else the failure. */
    private static String readStream(byte[] bytes) {
        try (StreamReader r = V2.peregrine(true).newStreamReader(new ByteArrayInputStream(bytes))) {
            r.read(V2.type("Order"));
            r.read(V2.type("Customer"));
            r.read(V2.type("Order"));
            return null;
        } catch (PeregrineException e) {
            return e.getMessage();
        } catch (RuntimeException | Error e) {
            throw new AssertionError("escaped the contract on " + HostileInput.hex(bytes) + ": " + e, e);
        }
    }
}
