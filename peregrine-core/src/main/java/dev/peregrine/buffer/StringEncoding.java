package dev.peregrine.buffer;

import dev.peregrine.MalformedInputException;

import java.nio.charset.StandardCharsets;

/**
 * The three string encodings of the wire format and a strict UTF-8 decoder.
 *
 * <p>Latin-1 when every char is at most U+00FF (one byte per char), UTF-8 otherwise, and UTF-16LE when
 * the string holds a lone surrogate, so that no string is altered by a round trip. The decoder rejects
 * overlong forms, encoded surrogates, code points past U+10FFFF and truncated sequences, because a
 * writer of this format never produces them.
 */
final class StringEncoding {
    static final int LATIN1 = 0;
    static final int UTF8 = 1;
    static final int UTF16 = 2;

    private StringEncoding() {
    }

    /**
     * Chooses the encoding and measures the encoded length.
     *
     * @return {@code byteLength << 2 | encoding}
     */
    static long measure(String s) {
        int n = s.length();
        int i = 0;
        // Perf: the common all-ASCII string leaves after one tight loop.
        while (i < n && s.charAt(i) < 0x80) {
            i++;
        }
        if (i == n) {
            return ((long) n << 2) | LATIN1;
        }
        boolean latin1 = true;
        long utf8 = i;
        for (; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                utf8++;
            } else if (c < 0x800) {
                utf8 += 2;
                latin1 &= c <= 0xFF;
            } else {
                latin1 = false;
                if (Character.isSurrogate(c)) {
                    if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                        utf8 += 4;
                        i++;
                    } else {
                        return ((long) n * 2 << 2) | UTF16;
                    }
                } else {
                    utf8 += 3;
                }
            }
        }
        return latin1 ? ((long) n << 2) | LATIN1 : (utf8 << 2) | UTF8;
    }

    /**
     * Encodes {@code s} from char {@code from} on as UTF-8 into {@code b} at {@code p}, unless it
     * meets a lone surrogate, which UTF-8 cannot carry ({@link #measure} sends such a string to UTF-16).
     *
     * @return the end, or -1 at a lone surrogate (with some bytes written)
     */
    static int encodeUtf8From(String s, int from, byte[] b, int p) {
        int n = s.length();
        for (int i = from; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                b[p++] = (byte) c;
            } else if (c < 0x800) {
                b[p++] = (byte) (0xC0 | (c >> 6));
                b[p++] = (byte) (0x80 | (c & 0x3F));
            } else if (!Character.isSurrogate(c)) {
                b[p++] = (byte) (0xE0 | (c >> 12));
                b[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                b[p++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                b[p++] = (byte) (0xF0 | (cp >> 18));
                b[p++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                b[p++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                b[p++] = (byte) (0x80 | (cp & 0x3F));
            } else {
                return -1;
            }
        }
        return p;
    }

    /**
     * The index of the first char of {@code s} past U+00FF, or -1 when it is a Latin-1 string.
     *
     * @param s a string
     * @return an index, or -1
     */
    static int firstWide(String s) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            if (s.charAt(i) > 0xFF) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Copies the chars {@code s[from, to)}, all of them Latin-1, as one byte each into
     * {@code b} from index {@code p}.
     *
     * <p>Perf: the getter that drops each char's high byte is, for a string the JDK holds as Latin-1,
     * one array copy; a loop that copied and checked each char took about a third of writing
     * {@code SomeBean[1000]} (sixteen chars a string). Checking first ({@link #firstWide}) reads
     * the chars once and stores nothing. Deprecated since 1.1, not for removal, as an encoder that
     * ignores charsets; for chars up to U+00FF it is exact.
     */
    @SuppressWarnings("deprecation")
    static void copyLatin1(String s, int from, int to, byte[] b, int p) {
        s.getBytes(from, to, b, p);
    }

    /**
     * The string of the Latin-1 bytes {@code b[off, off + len)}.
     *
     * <p>Perf: the constructor that takes a high byte (0: each char is its byte) is about 130
     * bytecodes on JDK 17, which C2 inlines, where the one that takes a {@code Charset} is 840 and
     * stays a call ("hot method too big"); both copy the bytes once into a Latin-1 string. It is
     * deprecated, since 1.1 and not for removal, as a decoder that ignores charsets; for Latin-1
     * it is exact.
     */
    @SuppressWarnings("deprecation")
    static String latin1(byte[] b, int off, int len) {
        return new String(b, 0, off, len);
    }

    /**
     * Decodes {@code len} bytes at {@code off} in the given encoding.
     *
     * @param at payload offset of the first byte, for error messages
     */
    static String decode(byte[] b, int off, int len, int encoding, long at) {
        switch (encoding) {
            case LATIN1:
                return latin1(b, off, len);
            case UTF8:
                // Perf: the JDK's decoder is far faster than a loop of ours. It turns every invalid
                // sequence into U+FFFD, so a result holding U+FFFD is decoded again, strictly, which
                // tells a real U+FFFD from an error.
                String s = new String(b, off, len, StandardCharsets.UTF_8);
                return s.indexOf('\uFFFD') < 0 ? s : decodeUtf8(b, off, len, at);
            case UTF16:
                if ((len & 1) != 0) {
                    throw new MalformedInputException("UTF-16 string of odd byte length " + len, at);
                }
                char[] chars = new char[len >> 1];
                for (int i = 0; i < chars.length; i++) {
                    chars[i] = (char) ((b[off + 2 * i] & 0xFF) | (b[off + 2 * i + 1] & 0xFF) << 8);
                }
                return new String(chars);
            default:
                throw new MalformedInputException("unknown string encoding " + encoding, at);
        }
    }

    private static String decodeUtf8(byte[] b, int off, int len, long at) {
        char[] out = new char[len];
        int n = 0;
        int i = off;
        int end = off + len;
        while (i < end) {
            int c = b[i] & 0xFF;
            if (c < 0x80) {
                out[n++] = (char) c;
                i++;
                continue;
            }
            int need;
            int cp;
            int min;
            if (c >= 0xC2 && c <= 0xDF) {
                need = 1;
                cp = c & 0x1F;
                min = 0x80;
            } else if (c >= 0xE0 && c <= 0xEF) {
                need = 2;
                cp = c & 0x0F;
                min = 0x800;
            } else if (c >= 0xF0 && c <= 0xF4) {
                need = 3;
                cp = c & 0x07;
                min = 0x10000;
            } else {
                throw badUtf8(at + (i - off));
            }
            if (i + need >= end) {
                throw badUtf8(at + (i - off));
            }
            for (int k = 1; k <= need; k++) {
                int cc = b[i + k] & 0xFF;
                if ((cc & 0xC0) != 0x80) {
                    throw badUtf8(at + (i - off));
                }
                cp = (cp << 6) | (cc & 0x3F);
            }
            if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                throw badUtf8(at + (i - off));
            }
            if (cp >= 0x10000) {
                out[n++] = Character.highSurrogate(cp);
                out[n++] = Character.lowSurrogate(cp);
            } else {
                out[n++] = (char) cp;
            }
            i += need + 1;
        }
        return new String(out, 0, n);
    }

    private static MalformedInputException badUtf8(long at) {
        return new MalformedInputException("invalid UTF-8 sequence in string", at);
    }
}
