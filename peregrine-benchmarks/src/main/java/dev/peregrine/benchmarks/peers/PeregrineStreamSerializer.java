package dev.peregrine.benchmarks.peers;

import dev.peregrine.Peregrine;
import dev.peregrine.StreamReader;
import dev.peregrine.StreamWriter;
import dev.peregrine.benchmarks.fixtures.Fixture;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * Peregrine through a stream session: one {@link StreamWriter} and one {@link StreamReader} for the
 * life of the serializer, every value one frame ({@code varint(length) payload}). In the compatible
 * format each class definition travels once per stream (meta sharing) and later frames refer to it by
 * index; the session is primed with the fixture's value on construction, so the frames that are
 * timed carry no definitions, as every frame after the first of a long-lived connection. The
 * same-schema format through the same session is the baseline that tells what the compatible format
 * costs in a session apart from what framing values on a stream costs.
 *
 * <p>Frames must be read in the order they were written, each once, unless it carries no new
 * definition: the benchmarks decode one such frame again and again.
 */
final class PeregrineStreamSerializer implements Serializer {
    /** The settings of the session, as the report lists them. */
    private static final String SESSION = "newStreamWriter / newStreamReader session primed with one value, each "
            + "value one length-prefixed frame (an OutputStream and an InputStream over arrays, unsynchronized)";
    /** The settings of the same-schema session, as the report lists them. */
    static final String SETTINGS = PeregrineSerializer.SETTINGS + "; " + SESSION;
    /** The settings of the compatible session, as the report lists them. */
    static final String COMPATIBLE_SETTINGS = PeregrineSerializer.SETTINGS + ", compatible(true); " + SESSION
            + "; class definitions once per stream";

    private final String name;
    private final Class<?> rootType;
    private final Sink sink = new Sink();
    private final StreamWriter writer;
    private final Feed feed = new Feed();
    private final StreamReader reader;

    /**
     * @param fixture    the fixture whose values the session carries
     * @param compatible true for the compatible format
     */
    PeregrineStreamSerializer(Fixture fixture, boolean compatible) {
        Peregrine peregrine = PeregrineSerializer.build(fixture, compatible);
        name = compatible ? "peregrine-compatible-stream" : "peregrine-stream";
        rootType = fixture.rootType();
        writer = peregrine.newStreamWriter(sink);
        reader = peregrine.newStreamReader(feed);
        deserialize(serialize(fixture.value()));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public byte[] serialize(Object value) {
        sink.size = 0;
        writer.write(value);
        return Arrays.copyOf(sink.bytes, sink.size);
    }

    @Override
    public Object deserialize(byte[] bytes) {
        feed.next(bytes);
        return reader.read(rootType);
    }

    /** An output stream into a kept array (unlike {@code ByteArrayOutputStream}, without locks). */
    private static final class Sink extends OutputStream {
        byte[] bytes = new byte[1024];
        int size;

        @Override
        public void write(int b) {
            room(1);
            bytes[size++] = (byte) b;
        }

        @Override
        public void write(byte[] src, int off, int len) {
            room(len);
            System.arraycopy(src, off, bytes, size, len);
            size += len;
        }

        private void room(int len) {
            if (size + len > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(size + len, bytes.length * 2));
            }
        }
    }

    /** An input stream that serves one frame, then the next one it is given. */
    private static final class Feed extends InputStream {
        private byte[] bytes = new byte[0];
        private int pos;

        void next(byte[] frame) {
            bytes = frame;
            pos = 0;
        }

        @Override
        public int read() {
            return pos < bytes.length ? bytes[pos++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] dst, int off, int len) {
            if (pos >= bytes.length) {
                return -1;
            }
            int n = Math.min(len, bytes.length - pos);
            System.arraycopy(bytes, pos, dst, off, n);
            pos += n;
            return n;
        }
    }
}
