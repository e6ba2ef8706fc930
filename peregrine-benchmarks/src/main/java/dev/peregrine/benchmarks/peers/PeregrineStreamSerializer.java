package dev.peregrine.benchmarks.peers;

import dev.peregrine.Peregrine;
import dev.peregrine.StreamReader;
import dev.peregrine.StreamWriter;
import dev.peregrine.benchmarks.fixtures.Fixture;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * Peregrine's compatible format through a stream session: one {@link StreamWriter} and one
 * {@link StreamReader} for the life of the serializer, so each class definition travels once per
 * stream (meta sharing), and every value is one frame ({@code varint(length) payload}) that refers to
 * definitions by index. The session is primed with the fixture's value on construction, so the frames
 * that are timed carry no definitions, as every frame after the first of a long-lived connection.
 *
 * <p>Frames must be read in the order they were written, each once, unless it carries no new
 * definition: the benchmarks decode one such frame again and again.
 */
final class PeregrineStreamSerializer implements Serializer {
    /** The settings as the report lists them. */
    static final String SETTINGS = PeregrineSerializer.SETTINGS + ", compatible(true); newStreamWriter / "
            + "newStreamReader session primed with one value: class definitions once per stream, each value "
            + "one length-prefixed frame (an OutputStream and an InputStream over arrays, unsynchronized)";

    private final Class<?> rootType;
    private final Sink sink = new Sink();
    private final StreamWriter writer;
    private final Feed feed = new Feed();
    private final StreamReader reader;

    PeregrineStreamSerializer(Fixture fixture) {
        Peregrine peregrine = PeregrineSerializer.build(fixture, true);
        rootType = fixture.rootType();
        writer = peregrine.newStreamWriter(sink);
        reader = peregrine.newStreamReader(feed);
        deserialize(serialize(fixture.value()));
    }

    @Override
    public String name() {
        return "peregrine-compatible-stream";
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
