package dev.peregrine.codegen;

import dev.peregrine.codec.ObjectCodec;
import dev.peregrine.codec.TypeCodec;
import dev.peregrine.codec.TypeResolver;
import dev.peregrine.type.TypeModel;

import java.nio.file.Path;

/**
 * Chooses the backend of a user class: a generated codec, or the reflective {@link ObjectCodec}
 * when generation is switched off or fails. Both read the same {@link TypeModel} and write the
 * same bytes.
 *
 * <p>System properties, read once: {@code peregrine.codegen=false} forces the interpreter;
 * {@code peregrine.codegen.dump=<dir>} writes each generated class file there for {@code javap}.
 */
public final class CodecFactory {
    private static final System.Logger LOG = System.getLogger("dev.peregrine.codegen");
    private static final boolean ENABLED = !"false".equalsIgnoreCase(System.getProperty("peregrine.codegen"));
    private static final Path DUMP = dumpDirectory();

    private CodecFactory() {
    }

    private static Path dumpDirectory() {
        String dir = System.getProperty("peregrine.codegen.dump");
        return dir == null || dir.isEmpty() ? null : Path.of(dir);
    }

    /** @return whether generated codecs are in use (the {@code peregrine.codegen} property) */
    public static boolean enabled() {
        return ENABLED;
    }

    /**
     * The codec of a user class on the configured backend; falls back to the interpreter, with one
     * log line, when generation fails.
     *
     * @param model    the class's model
     * @param resolver where its fields' codecs are found
     * @return an unlinked codec; pass it to {@link #link} once cached
     */
    public static TypeCodec<?> codecFor(TypeModel model, TypeResolver resolver) {
        GeneratedCodec generated = ENABLED ? generateOrLog(model, resolver, false, "the interpreter") : null;
        return generated != null ? generated : new ObjectCodec(model, resolver);
    }

    /**
     * Generates a codec, or logs one line saying why not and returns null.
     *
     * @param instead what serves in its place, for the log line
     */
    private static GeneratedCodec generateOrLog(TypeModel model, TypeResolver resolver, boolean body, String instead) {
        try {
            return CodecGenerator.generate(model, resolver, DUMP, body);
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) {
            LOG.log(System.Logger.Level.WARNING, "Peregrine cannot generate a {0} for {1}, using {2} instead: {3}",
                    body ? "body codec" : "codec", model.type().getName(), instead, String.valueOf(e));
            return null;
        }
    }

    /**
     * The body codec of a user class in the compatible format: the codec that writes and reads its
     * objects in the body of a {@code Codec}'s payload after the root's {@code Preload}, when that
     * is the payload's own (written) or this JVM's (recognised by its token). Every class an
     * untagged position can hold then has its def carried, and it is the local one, so the body
     * codec writes the same bytes as the class's codec but asks no def table there: its untagged
     * fields, list elements and enums are bound, as in the same-schema format, to their own body
     * codecs (an enum's same-schema codec). Tagged positions are as in the class's codec.
     *
     * <p>Perf: each nested object of a class's codec asks the def table for its class's def, on
     * write whether it has been carried, on read which one was; after a recognised preload the
     * answer is always the local def. Without the question, compatible Car deserialize 158 / 153 /
     * 153 -> 144 / 140 / 143 ns, DeepObject 70 / 70 / 67 -> 63 / 67 / 69 (DESIGN.md, forty-sixth
     * round).
     *
     * @param model    the class's model
     * @param resolver the compatible registry
     * @return a linked generated codec, or null when generation is off or generating or linking
     *         fails (logged; the class's own codec, which writes the same bytes, serves then)
     */
    public static GeneratedCodec bodyCodecFor(TypeModel model, TypeResolver resolver) {
        GeneratedCodec body = ENABLED ? generateOrLog(model, resolver, true, "its codec") : null;
        if (body == null) {
            return null;
        }
        // Linked here rather than by the caller: a failure met later, from a call site's bootstrap,
        // would surface as a BootstrapMethodError.
        try {
            body.link();
            return body;
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "Peregrine cannot link a body codec for {0}, using its codec "
                    + "instead: {1}", model.type().getName(), String.valueOf(e));
            return null;
        }
    }

    /**
     * Generates a codec, failing instead of falling back; for tests and measurements.
     *
     * @param model    the class's model
     * @param resolver where its fields' codecs are found
     * @return an unlinked generated codec
     * @throws IllegalStateException when generation fails
     */
    public static GeneratedCodec generate(TypeModel model, TypeResolver resolver) {
        try {
            return CodecGenerator.generate(model, resolver, DUMP, false);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot generate a codec for " + model.type().getName(), e);
        }
    }

    /**
     * Resolves the codecs of a new codec's fixed-type fields, reporting unsupported field types now.
     *
     * @param codec a codec from {@link #codecFor}; others are left alone
     */
    public static void link(TypeCodec<?> codec) {
        if (codec instanceof ObjectCodec object) {
            object.link();
        } else if (codec instanceof GeneratedCodec generated) {
            generated.link();
        }
    }
}
