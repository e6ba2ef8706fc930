package dev.peregrine.benchmarks.hand;

import dev.peregrine.benchmarks.fixtures.Image;
import dev.peregrine.benchmarks.fixtures.Media;
import dev.peregrine.benchmarks.fixtures.MediaContent;
import dev.peregrine.benchmarks.fixtures.Player;
import dev.peregrine.benchmarks.fixtures.Size;
import java.util.ArrayList;
import java.util.List;

/**
 * Hand-written codec of {@link MediaContent}: the bytes of Peregrine's same-schema {@code Codec} after its
 * header and fingerprint. Each object is a one-byte bitmap (a bit per boolean field, set when true, and
 * per reference field, set when present), then its fields in layout order: {@code int}s, {@code long}s,
 * then references, each kind by name:
 * <pre>
 * MediaContent = bitmap images? media?
 * Media        = bitmap(hasBitrate ...) bitrate height width duration size copyright? format? persons?
 *                player? title? uri?
 * Image        = bitmap height width size? title? uri?
 * </pre>
 * with numbers as zigzag varints, enums as their ordinal, strings as {@link ByteSink#writeString}. Final
 * classes and enums carry no tag; a list is the {@code ArrayList} tag, the element header
 * {@code count << 3 | SAME_TYPE | DECLARED} (0 when empty), then each element. The fixture's lists are
 * {@code ArrayList}s with no null elements.
 */
final class MediaContentCodec implements HandCodec {
    private static final int ARRAY_LIST = 44;
    /** Element header flags: every element present and of the list's declared element class. */
    private static final int SAME_DECLARED_TYPE = 6;

    private static final Player[] PLAYERS = Player.values();
    private static final Size[] SIZES = Size.values();

    @Override
    public void write(Object value, ByteSink out) {
        MediaContent c = (MediaContent) value;
        out.writeByte(bit(c.images, 0x01) | bit(c.media, 0x02));
        if (c.images != null) {
            writeImages(c.images, out);
        }
        if (c.media != null) {
            writeMedia(c.media, out);
        }
    }

    private static int bit(Object field, int bit) {
        return field != null ? bit : 0;
    }

    private static int elementsHeader(int count) {
        return count == 0 ? 0 : count << 3 | SAME_DECLARED_TYPE;
    }

    private static void writeImages(List<Image> images, ByteSink out) {
        int n = images.size();
        out.writeByte(ARRAY_LIST);
        out.writeVarUInt(elementsHeader(n));
        for (int i = 0; i < n; i++) {
            Image image = images.get(i);
            out.writeByte(bit(image.size, 0x01) | bit(image.title, 0x02) | bit(image.uri, 0x04));
            out.writeVarInt(image.height);
            out.writeVarInt(image.width);
            // Perf: the ordinals are below 128, so their varints are one byte.
            if (image.size != null) {
                out.writeByte(image.size.ordinal());
            }
            if (image.title != null) {
                out.writeString(image.title);
            }
            if (image.uri != null) {
                out.writeString(image.uri);
            }
        }
    }

    private static void writeMedia(Media m, ByteSink out) {
        out.writeByte((m.hasBitrate ? 0x01 : 0) | bit(m.copyright, 0x02) | bit(m.format, 0x04)
                | bit(m.persons, 0x08) | bit(m.player, 0x10) | bit(m.title, 0x20) | bit(m.uri, 0x40));
        out.writeVarInt(m.bitrate);
        out.writeVarInt(m.height);
        out.writeVarInt(m.width);
        out.writeVarLong(m.duration);
        out.writeVarLong(m.size);
        if (m.copyright != null) {
            out.writeString(m.copyright);
        }
        if (m.format != null) {
            out.writeString(m.format);
        }
        if (m.persons != null) {
            writeStrings(m.persons, out);
        }
        if (m.player != null) {
            out.writeByte(m.player.ordinal());
        }
        if (m.title != null) {
            out.writeString(m.title);
        }
        if (m.uri != null) {
            out.writeString(m.uri);
        }
    }

    private static void writeStrings(List<String> strings, ByteSink out) {
        int n = strings.size();
        out.writeByte(ARRAY_LIST);
        out.writeVarUInt(elementsHeader(n));
        for (int i = 0; i < n; i++) {
            out.writeString(strings.get(i));
        }
    }

    @Override
    public Object read(ByteSource in) {
        int present = in.readByte();
        MediaContent c = new MediaContent();
        if ((present & 0x01) != 0) {
            c.images = readImages(in);
        }
        if ((present & 0x02) != 0) {
            c.media = readMedia(in);
        }
        return c;
    }

    private static List<Image> readImages(ByteSource in) {
        in.readByte(); // ARRAY_LIST
        int n = in.readVarUInt() >>> 3;
        List<Image> images = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int present = in.readByte();
            Image image = new Image();
            image.height = in.readVarInt();
            image.width = in.readVarInt();
            if ((present & 0x01) != 0) {
                image.size = SIZES[in.readByte()];
            }
            if ((present & 0x02) != 0) {
                image.title = in.readString();
            }
            if ((present & 0x04) != 0) {
                image.uri = in.readString();
            }
            images.add(image);
        }
        return images;
    }

    private static Media readMedia(ByteSource in) {
        int present = in.readByte();
        Media m = new Media();
        m.hasBitrate = (present & 0x01) != 0;
        m.bitrate = in.readVarInt();
        m.height = in.readVarInt();
        m.width = in.readVarInt();
        m.duration = in.readVarLong();
        m.size = in.readVarLong();
        if ((present & 0x02) != 0) {
            m.copyright = in.readString();
        }
        if ((present & 0x04) != 0) {
            m.format = in.readString();
        }
        if ((present & 0x08) != 0) {
            m.persons = readStrings(in);
        }
        if ((present & 0x10) != 0) {
            m.player = PLAYERS[in.readByte()];
        }
        if ((present & 0x20) != 0) {
            m.title = in.readString();
        }
        if ((present & 0x40) != 0) {
            m.uri = in.readString();
        }
        return m;
    }

    private static List<String> readStrings(ByteSource in) {
        in.readByte(); // ARRAY_LIST
        int n = in.readVarUInt() >>> 3;
        List<String> strings = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            strings.add(in.readString());
        }
        return strings;
    }
}
