package dev.peregrine.benchmarks.peers;

import dev.peregrine.benchmarks.fixtures.Fixture;
import org.apache.fory.Fory;
import org.apache.fory.config.CompatibleMode;
import org.apache.fory.config.ForyBuilder;
import org.apache.fory.config.Language;
import org.apache.fory.context.MetaReadContext;
import org.apache.fory.context.MetaWriteContext;
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

    /** The compatible flavour with metadata shared across calls, as the report lists it. */
    static final String SHARED_SETTINGS = SETTINGS.replace("CompatibleMode.SCHEMA_CONSISTENT",
            "CompatibleMode.COMPATIBLE, withMetaShare(true), withScopedMetaShare(false): one MetaWriteContext and "
            + "one MetaReadContext set before every call, primed with one value, so class metadata travels once "
            + "per session");

    private final String name;
    private final Fory fory;
    private final Class<?> rootType;
    private MemoryBuffer arrayBuffer;
    /** The session's metadata when shared across calls, else null. */
    private final MetaWriteContext writeMeta;
    private final MetaReadContext readMeta;

    ForySerializer(Fixture fixture, boolean compatible) {
        this(fixture, compatible, false);
    }

    /**
     * @param sharedMeta (compatible only) class metadata once per session rather than in every payload;
     *                   the session is primed with the fixture's value, so timed payloads carry none
     */
    ForySerializer(Fixture fixture, boolean compatible, boolean sharedMeta) {
        rootType = fixture.rootType();
        name = sharedMeta ? "fory-compatible-shared" : compatible ? "fory-compatible" : "fory";
        ForyBuilder builder = Fory.builder()
                .withLanguage(Language.JAVA)
                .requireClassRegistration(true)
                .withCodegen(true)
                .withAsyncCompilation(false)
                .withRefTracking(false)
                .withCompatibleMode(compatible ? CompatibleMode.COMPATIBLE : CompatibleMode.SCHEMA_CONSISTENT);
        if (sharedMeta) {
            builder.withMetaShare(true).withScopedMetaShare(false);
        }
        fory = builder.build();
        for (Class<?> type : fixture.classes()) {
            fory.register(type);
        }
        writeMeta = sharedMeta ? new MetaWriteContext() : null;
        readMeta = sharedMeta ? new MetaReadContext() : null;
        if (sharedMeta) {
            deserialize(serialize(fixture.value()));
        }
    }

    /** Sets the session's write metadata, which Fory forgets after each call. */
    private void shareWriteMeta() {
        if (writeMeta != null) {
            fory.setMetaWriteContext(writeMeta);
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public byte[] serialize(Object value) {
        shareWriteMeta();
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
        shareWriteMeta();
        fory.serialize(arrayBuffer, value);
        if (arrayBuffer.getHeapMemory() != buffer) {
            throw new IllegalArgumentException("buffer too small for fory");
        }
        return arrayBuffer.writerIndex();
    }

    @Override
    public Object deserialize(byte[] bytes) {
        if (readMeta != null) {
            fory.setMetaReadContext(readMeta);
        }
        return fory.deserialize(bytes, rootType);
    }
}
