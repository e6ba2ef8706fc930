package dev.peregrine.codegen;

import dev.peregrine.codec.ObjectCodec;
import dev.peregrine.codec.TypeCodec;
import dev.peregrine.registry.TypeRegistry;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/**
 * The registry hands out the backend the {@code peregrine.codegen} property asks for, so each of the
 * suite's two surefire executions really exercises the backend it is meant to.
 */
class BackendSelectionTest {

    @Test
    void registryFollowsTheProperty() {
        boolean wanted = !"false".equals(System.getProperty("peregrine.codegen"));
        assertEquals(wanted, CodecFactory.enabled());
        TypeRegistry registry = new TypeRegistry(Map.of(Fields20.class, 1), true, getClass().getClassLoader());
        TypeCodec<?> codec = registry.codecFor(Fields20.class);
        Class<?> expected = wanted ? GeneratedCodec.class : ObjectCodec.class;
        assertInstanceOf(expected, codec);
    }
}
