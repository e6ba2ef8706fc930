package dev.peregrine.buffer;

import dev.peregrine.MalformedInputException;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * {@link BufferReader} over a {@link ByteBuffer}, heap or direct, from its position to its limit.
 * Reads use absolute indexes on a little-endian duplicate, so the caller's buffer is untouched until
 * {@link #finish()} moves its position past the bytes consumed.
 */
public final class ByteBufferReader extends BufferReader {
    private final ByteBuffer source;
    private final ByteBuffer buf;
    private final int start;
    private final int end;
    private int pos;
    /** The bytes of the last {@link #openRun}, copied out of the buffer. */
    private byte[] run = new byte[0];

    /**
     * Creates a reader over {@code src[position, limit)}.
     *
     * @param src the buffer
     */
    public ByteBufferReader(ByteBuffer src) {
        this.source = src;
        this.buf = src.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        this.start = src.position();
        this.end = src.limit();
        this.pos = start;
    }

    /** Advances the source buffer's position past the bytes read. */
    public void finish() {
        source.position(pos);
    }

    @Override
    public int position() {
        return pos - start;
    }

    @Override
    public int remaining() {
        return end - pos;
    }

    private void need(int n) {
        if (end - pos < n) {
            throw new MalformedInputException("input ends early: needed " + n + " more bytes, "
                    + remaining() + " remain", position());
        }
    }

    @Override
    public int peekByte() {
        return pos < end ? buf.get(pos) & 0xFF : -1;
    }

    @Override
    public byte readByte() {
        need(1);
        return buf.get(pos++);
    }

    @Override
    public int readIntLE() {
        need(4);
        int v = buf.getInt(pos);
        pos += 4;
        return v;
    }

    @Override
    public long readLongLE() {
        need(8);
        long v = buf.getLong(pos);
        pos += 8;
        return v;
    }

    @Override
    public int readVarUInt() {
        return readVarUIntByBytes();
    }

    @Override
    public long readVarULong() {
        return readVarULongByBytes();
    }

    @Override
    public void readBytes(byte[] dst, int offset, int length) {
        need(length);
        buf.get(pos, dst, offset, length);
        pos += length;
    }

    @Override
    public int openRun(int n) {
        need(n);
        if (run.length < n) {
            run = new byte[n];
        }
        buf.get(pos, run, 0, n);
        pos += n;
        return 0;
    }

    @Override
    public byte[] runArray() {
        return run;
    }

    @Override
    public boolean skipIfNext(byte[] expected, int head) {
        int n = expected.length;
        if (end - pos < n || buf.get(pos + n - 1) != expected[n - 1] || !startsWith(expected, head)) {
            return false;
        }
        pos += n;
        return true;
    }

    @Override
    public boolean skipIfNext(byte[] expected) {
        int n = expected.length;
        if (end - pos < n || !startsWith(expected, n)) {
            return false;
        }
        pos += n;
        return true;
    }

    /** Whether the next {@code n} bytes, which the caller knows are there, are {@code expected}'s first. */
    private boolean startsWith(byte[] expected, int n) {
        for (int i = 0; i < n; i++) {
            if (buf.get(pos + i) != expected[i]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String readString() {
        long header = readStringHeader();
        int length = (int) (header >>> 2);
        int at = position();
        byte[] bytes = new byte[length];
        readBytes(bytes, 0, length);
        return StringEncoding.decode(bytes, 0, length, (int) (header & 3), at);
    }
}
