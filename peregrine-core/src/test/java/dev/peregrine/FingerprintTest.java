package dev.peregrine;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The same-schema fingerprint: what it covers, and that it does not depend on call order. */
class FingerprintTest {
    static final class Registered {
        int a;
    }

    static final class Unregistered {
        String name;

        Unregistered() {
        }

        Unregistered(String name) {
            this.name = name;
        }
    }

    private static Peregrine open() {
        return Peregrine.builder().register(Registered.class).requireRegistration(false).build();
    }

    @Test
    void aClassWrittenByNameCarriesTheSameFingerprintWhateverCameBefore() {
        Peregrine writer = open();
        // The class is first a Codec root (its fingerprint then covers the registered classes too) ...
        writer.codec(Unregistered.class).encode(new Unregistered("x"));
        // ... then written by name, whose fingerprint covers the class alone.
        byte[] named = writer.serialize(new Unregistered("y"));
        assertEquals("y", open().deserialize(named, Unregistered.class).name);
    }

    @Test
    void aCodecRootThatIsNotRegisteredIsCovered() {
        byte[] bytes = open().codec(Unregistered.class).encode(new Unregistered("z"));
        assertEquals("z", open().codec(Unregistered.class).decode(bytes).name);
        Peregrine otherRegistry = Peregrine.builder().requireRegistration(false).build();
        assertThrows(SchemaMismatchException.class, () -> otherRegistry.codec(Unregistered.class).decode(bytes));
    }
}
