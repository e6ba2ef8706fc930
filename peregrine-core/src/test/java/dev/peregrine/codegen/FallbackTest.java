package dev.peregrine.codegen;

import dev.peregrine.codec.ObjectCodec;
import dev.peregrine.codec.TypeCodec;
import dev.peregrine.registry.TypeRegistry;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A class generation refuses (here, a record whose single read method would pass the JIT's huge
 * method limit) gets the interpreter from the registry, and still round-trips.
 */
class FallbackTest {

    @Test
    void generationFailureFallsBackToTheInterpreter() throws ReflectiveOperationException {
        assertThrows(IllegalStateException.class,
                () -> CodecFactory.generate(dev.peregrine.type.TypeModel.of(HugeRecord.class), Backends.generated()));
        TypeRegistry registry = new TypeRegistry(Map.of(HugeRecord.class, 1), true, getClass().getClassLoader());
        TypeCodec<?> codec = registry.codecFor(HugeRecord.class);
        assertInstanceOf(ObjectCodec.class, codec);

        HugeRecord value = new Filler(7).fill(HugeRecord.class);
        Backends interpreted = Backends.interpreted();
        byte[] bytes = interpreted.encode(value, false);
        assertEquals(value, interpreted.decode(bytes, false));
        assertArrayEquals(bytes, interpreted.encode(interpreted.decode(bytes, false), false));
    }
}
