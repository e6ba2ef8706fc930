package dev.peregrine.benchmarks.peers;

import dev.peregrine.benchmarks.fixtures.Fixture;
import org.apache.fory.Fory;
import org.apache.fory.config.CompatibleMode;
import org.apache.fory.config.Language;
import org.apache.fory.memory.MemoryBuffer;

/**
 * Apache Fory: Java mode, classes registered, code generation on (compiled before first use), reference
 * tracking off, schema-consistent mode; one single-thread instance per benchmark thread.
 */
final class ForySerializer implements Serializer {
    /** The settings as the report lists them. */
    static final String SETTINGS = "Apache Fory 1.6.0; Language.JAVA, requireClassRegistration=true, codegen=true, "
            + "asyncCompilation=false, refTracking=false, CompatibleMode.SCHEMA_CONSISTENT, "
            + "single-thread Fory per thread, default number compression";

    /** The compatible flavour's settings as the report lists them. */
    static final String COMPATIBLE_SETTINGS = SETTINGS.replace("CompatibleMode.SCHEMA_CONSISTENT",
            "CompatibleMode.COMPATIBLE (its default meta sharing: class metadata in every payload)");

    private final String name;
    private final Fory fory;
    private final Class<?> rootType;
    private MemoryBuffer arrayBuffer;

    ForySerializer(Fixture fixture, boolean compatible) {
        rootType = fixture.rootType();
        name = compatible ? "fory-compatible" : "fory";
        fory = Fory.builder()
                .withLanguage(Language.JAVA)
                .requireClassRegistration(true)
                .withCodegen(true)
                .withAsyncCompilation(false)
                .withRefTracking(false)
                .withCompatibleMode(compatible ? CompatibleMode.COMPATIBLE : CompatibleMode.SCHEMA_CONSISTENT)
                .build();
        for (Class<?> type : fixture.classes()) {
            fory.register(type);
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public byte[] serialize(Object value) {
        return fory.serialize(value);
    }

    @Override
    public boolean encodesIntoArray() {
        return true;
    }

    @Override
    public int serialize(Object value, byte[] buffer) {
        if (arrayBuffer == null || arrayBuffer.getHeapMemory() != buffer) {
            arrayBuffer = MemoryBuffer.fromByteArray(buffer);
        }
        arrayBuffer.writerIndex(0);
        fory.serialize(arrayBuffer, value);
        if (arrayBuffer.getHeapMemory() != buffer) {
            throw new IllegalArgumentException("buffer too small for fory");
        }
        return arrayBuffer.writerIndex();
    }

    @Override
    public Object deserialize(byte[] bytes) {
        return fory.deserialize(bytes, rootType);
    }
}
