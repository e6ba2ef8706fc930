package dev.peregrine;

import dev.peregrine.buffer.BufferWriter;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A payload naming an unregistered class is refused before that class is loaded or initialised,
 * through every path a class can enter: root, field, collection element, map key, polymorphic field.
 */
class CanaryTest {
    static final AtomicInteger FIRED = new AtomicInteger();
    private static final String CANARY = "dev.peregrine.CanaryTest$Canary";

    /** Never referenced by code in this test, only named in payloads. */
    static final class Canary {
        static {
            FIRED.incrementAndGet();
        }

        Canary() {
            FIRED.incrementAndGet();
        }
    }

    static final class Holder {
        Object any;
        List<Object> list;
        Map<Object, String> map;
    }

    private final Peregrine strict = Peregrine.builder().register(Holder.class).build();

    /** A payload: header, then what {@code body} writes. */
    private static byte[] payload(Consumer<BufferWriter> body) {
        BufferWriter out = BufferWriter.growable(64);
        out.writeByte(0xA4);
        body.accept(out);
        return out.toByteArray();
    }

    private static void named(BufferWriter out) {
        out.writeVarUInt(2);
        out.writeString(CANARY);
        out.writeByte(0);
    }

    @Test
    void canaryNeverFiresThroughAnyPath() {
        byte[] root = payload(CanaryTest::named);
        // Holder (id 0 = tag 96); bitmap bits in layout order: any, list, map
        byte[] field = payload(o -> {
            o.writeVarUInt(96);
            o.writeByte(0b001);
            named(o);
        });
        byte[] element = payload(o -> {
            o.writeVarUInt(96);
            o.writeByte(0b010);
            o.writeVarUInt(44);
            o.writeVarUInt(1 << 3 | 0x02);
            named(o);
        });
        byte[] mapKey = payload(o -> {
            o.writeVarUInt(96);
            o.writeByte(0b100);
            o.writeVarUInt(50);
            o.writeVarUInt(1 << 6 | 0x02);
            named(o);
        });
        byte[] mixedElement = payload(o -> {
            o.writeVarUInt(44);
            o.writeVarUInt(1 << 3);
            named(o);
        });
        byte[] unknownId = payload(o -> o.writeVarUInt(96 + 5));
        for (byte[] input : List.of(root, field, element, mapKey, mixedElement, unknownId)) {
            assertThrows(UnregisteredTypeException.class, () -> strict.deserialize(input));
        }
        assertEquals(0, FIRED.get(), "the canary's static initialiser or constructor ran");
    }

    @Test
    void denyListHoldsEvenWhenEverythingIsAllowed() {
        Peregrine loose = Peregrine.builder().requireRegistration(false).build();
        for (String gadget : List.of("org.apache.commons.collections.functors.InvokerTransformer",
                "com.sun.rowset.JdbcRowSetImpl", "javax.management.BadAttributeValueExpException",
                "org.codehaus.groovy.runtime.MethodClosure", "java.lang.ProcessBuilder")) {
            byte[] named = payload(o -> {
                o.writeVarUInt(2);
                o.writeString(gadget);
            });
            UnregisteredTypeException e = assertThrows(UnregisteredTypeException.class, () -> loose.deserialize(named));
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("deny list"), e.getMessage());
        }
    }

    @Test
    void withoutRegistrationALoadedClassIsNotInitialisedUntilUsed() {
        Peregrine loose = Peregrine.builder().requireRegistration(false).build();
        byte[] wrongShape = payload(o -> {
            o.writeVarUInt(2);
            o.writeString(CANARY + "Missing");
        });
        assertThrows(UnregisteredTypeException.class, () -> loose.deserialize(wrongShape));
        assertEquals(0, FIRED.get());
    }
}
