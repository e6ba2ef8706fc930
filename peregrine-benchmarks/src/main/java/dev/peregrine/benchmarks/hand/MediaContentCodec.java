package dev.peregrine.benchmarks.hand;

import dev.peregrine.benchmarks.fixtures.Image;
import dev.peregrine.benchmarks.fixtures.Media;
import dev.peregrine.benchmarks.fixtures.MediaContent;
import dev.peregrine.benchmarks.fixtures.Player;
import dev.peregrine.benchmarks.fixtures.Size;
import java.util.ArrayList;

/** Hand-written codec of {@link MediaContent}: varints for numbers, enums as ordinal bytes. */
final class MediaContentCodec implements HandCodec {
    private static final Player[] PLAYERS = Player.values();
    private static final Size[] SIZES = Size.values();

    @Override
    public void write(Object value, ByteSink out) {
        MediaContent c = (MediaContent) value;
        Media m = c.media;
        out.writeString(m.uri);
        out.writeString(m.title);
        out.writeVarInt(m.width);
        out.writeVarInt(m.height);
        out.writeString(m.format);
        out.writeVarLong(m.duration);
        out.writeVarLong(m.size);
        out.writeVarInt(m.bitrate);
        out.writeBoolean(m.hasBitrate);
        out.writeVarInt(m.persons.size());
        for (String person : m.persons) {
            out.writeString(person);
        }
        out.writeByte(m.player.ordinal());
        out.writeString(m.copyright);
        out.writeVarInt(c.images.size());
        for (Image i : c.images) {
            out.writeString(i.uri);
            out.writeString(i.title);
            out.writeVarInt(i.width);
            out.writeVarInt(i.height);
            out.writeByte(i.size.ordinal());
        }
    }

    @Override
    public Object read(ByteSource in) {
        Media m = new Media();
        m.uri = in.readString();
        m.title = in.readString();
        m.width = in.readVarInt();
        m.height = in.readVarInt();
        m.format = in.readString();
        m.duration = in.readVarLong();
        m.size = in.readVarLong();
        m.bitrate = in.readVarInt();
        m.hasBitrate = in.readBoolean();
        int persons = in.readVarInt();
        m.persons = new ArrayList<>(persons);
        for (int i = 0; i < persons; i++) {
            m.persons.add(in.readString());
        }
        m.player = PLAYERS[in.readByte()];
        m.copyright = in.readString();
        MediaContent c = new MediaContent();
        c.media = m;
        int images = in.readVarInt();
        c.images = new ArrayList<>(images);
        for (int i = 0; i < images; i++) {
            c.images.add(new Image(in.readString(), in.readString(), in.readVarInt(), in.readVarInt(),
                    SIZES[in.readByte()]));
        }
        return c;
    }
}
