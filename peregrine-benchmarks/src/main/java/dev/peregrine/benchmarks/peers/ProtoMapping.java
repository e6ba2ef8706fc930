package dev.peregrine.benchmarks.peers;

import dev.peregrine.benchmarks.fixtures.Acceleration;
import dev.peregrine.benchmarks.fixtures.BeanWithPropertyConstructor;
import dev.peregrine.benchmarks.fixtures.BooleanType;
import dev.peregrine.benchmarks.fixtures.Car;
import dev.peregrine.benchmarks.fixtures.ClassicBean;
import dev.peregrine.benchmarks.fixtures.ComplexObject;
import dev.peregrine.benchmarks.fixtures.DeepObject;
import dev.peregrine.benchmarks.fixtures.Engine;
import dev.peregrine.benchmarks.fixtures.FuelFigure;
import dev.peregrine.benchmarks.fixtures.Image;
import dev.peregrine.benchmarks.fixtures.Media;
import dev.peregrine.benchmarks.fixtures.MediaContent;
import dev.peregrine.benchmarks.fixtures.Model;
import dev.peregrine.benchmarks.fixtures.NestedObject;
import dev.peregrine.benchmarks.fixtures.OptionalExtras;
import dev.peregrine.benchmarks.fixtures.PerformanceFigure;
import dev.peregrine.benchmarks.fixtures.Player;
import dev.peregrine.benchmarks.fixtures.Sample;
import dev.peregrine.benchmarks.fixtures.SimpleObject;
import dev.peregrine.benchmarks.fixtures.Size;
import dev.peregrine.benchmarks.fixtures.SomeBean;
import dev.peregrine.benchmarks.fixtures.SomeEnum;
import dev.peregrine.benchmarks.proto.FixtureProtos;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;

/** Copies between fixture objects and their protobuf messages (the struct lives in {@link StructProtoMapping}). */
final class ProtoMapping {
    private static final Model[] MODELS = Model.values();
    private static final BooleanType[] BOOLEANS = BooleanType.values();
    private static final OptionalExtras[] EXTRAS = OptionalExtras.values();
    private static final Player[] PLAYERS = Player.values();
    private static final Size[] SIZES = Size.values();
    private static final SomeEnum[] SOME_ENUMS = SomeEnum.values();

    private ProtoMapping() {
    }

    static FixtureProtos.SimpleObjectMsg simple(Object value) {
        SimpleObject o = (SimpleObject) value;
        return FixtureProtos.SimpleObjectMsg.newBuilder().setId(o.id).setName(o.name).setActive(o.active)
                .setDoubleValue(o.doubleValue).setFloatValue(o.floatValue).setLongValue(o.longValue)
                .setShortValue(o.shortValue).build();
    }

    static SimpleObject simple(FixtureProtos.SimpleObjectMsg m) {
        SimpleObject o = new SimpleObject();
        o.id = m.getId();
        o.name = m.getName();
        o.active = m.getActive();
        o.doubleValue = m.getDoubleValue();
        o.floatValue = m.getFloatValue();
        o.longValue = m.getLongValue();
        o.shortValue = (short) m.getShortValue();
        return o;
    }

    static FixtureProtos.ComplexObjectMsg complex(Object value) {
        ComplexObject o = (ComplexObject) value;
        FixtureProtos.ComplexObjectMsg.Builder b = FixtureProtos.ComplexObjectMsg.newBuilder().setId(o.id)
                .setName(o.name).setActive(o.active).putAllData(o.data);
        if (o.nested != null) {
            b.setNested(FixtureProtos.NestedObjectMsg.newBuilder().setId(o.nested.id).setName(o.nested.name)
                    .setValue(o.nested.value));
        }
        return b.build();
    }

    static ComplexObject complex(FixtureProtos.ComplexObjectMsg m) {
        ComplexObject o = new ComplexObject();
        o.id = m.getId();
        o.name = m.getName();
        o.active = m.getActive();
        if (m.hasNested()) {
            FixtureProtos.NestedObjectMsg n = m.getNested();
            o.nested = new NestedObject(n.getId(), n.getName(), n.getValue());
        }
        o.data = new HashMap<>(m.getDataMap());
        return o;
    }

    static FixtureProtos.DeepObjectMsg deep(Object value) {
        DeepObject o = (DeepObject) value;
        FixtureProtos.DeepObjectMsg.Builder b = FixtureProtos.DeepObjectMsg.newBuilder().setId(o.id).setName(o.name)
                .setValue(o.value);
        if (o.child != null) {
            b.setChild(deep(o.child));
        }
        return b.build();
    }

    static DeepObject deep(FixtureProtos.DeepObjectMsg m) {
        DeepObject o = new DeepObject();
        o.id = m.getId();
        o.name = m.getName();
        o.value = m.getValue();
        if (m.hasChild()) {
            o.child = deep(m.getChild());
        }
        return o;
    }

    static FixtureProtos.CarMsg car(Object value) {
        Car c = (Car) value;
        int extras = 0;
        for (OptionalExtras e : c.extras) {
            extras |= 1 << e.ordinal();
        }
        FixtureProtos.CarMsg.Builder b = FixtureProtos.CarMsg.newBuilder().setSerialNumber(c.serialNumber)
                .setModelYear(c.modelYear).setAvailableValue(c.available.ordinal()).setCodeValue(c.code.ordinal())
                .setVehicleCode(c.vehicleCode).setExtras(extras)
                .setEngine(FixtureProtos.EngineMsg.newBuilder().setCapacity(c.engine.capacity)
                        .setNumCylinders(c.engine.numCylinders).setManufacturerCode(c.engine.manufacturerCode))
                .setManufacturer(c.manufacturer).setModel(c.model);
        for (int n : c.someNumbers) {
            b.addSomeNumbers(n);
        }
        for (FuelFigure f : c.fuelFigures) {
            b.addFuelFigures(FixtureProtos.FuelFigureMsg.newBuilder().setSpeed(f.speed).setMpg(f.mpg));
        }
        for (PerformanceFigure p : c.performanceFigures) {
            FixtureProtos.PerformanceFigureMsg.Builder pb =
                    FixtureProtos.PerformanceFigureMsg.newBuilder().setOctaneRating(p.octaneRating);
            for (Acceleration a : p.acceleration) {
                pb.addAcceleration(FixtureProtos.AccelerationMsg.newBuilder().setMph(a.mph).setSeconds(a.seconds));
            }
            b.addPerformanceFigures(pb);
        }
        return b.build();
    }

    static Car car(FixtureProtos.CarMsg m) {
        Car c = new Car();
        c.serialNumber = m.getSerialNumber();
        c.modelYear = (short) m.getModelYear();
        c.available = BOOLEANS[m.getAvailableValue()];
        c.code = MODELS[m.getCodeValue()];
        c.someNumbers = new int[m.getSomeNumbersCount()];
        for (int i = 0; i < c.someNumbers.length; i++) {
            c.someNumbers[i] = m.getSomeNumbers(i);
        }
        c.vehicleCode = m.getVehicleCode();
        c.extras = EnumSet.noneOf(OptionalExtras.class);
        for (OptionalExtras e : EXTRAS) {
            if ((m.getExtras() & (1 << e.ordinal())) != 0) {
                c.extras.add(e);
            }
        }
        FixtureProtos.EngineMsg e = m.getEngine();
        c.engine = new Engine((short) e.getCapacity(), (byte) e.getNumCylinders(), e.getManufacturerCode());
        c.fuelFigures = new ArrayList<>(m.getFuelFiguresCount());
        for (FixtureProtos.FuelFigureMsg f : m.getFuelFiguresList()) {
            c.fuelFigures.add(new FuelFigure((short) f.getSpeed(), f.getMpg()));
        }
        c.performanceFigures = new ArrayList<>(m.getPerformanceFiguresCount());
        for (FixtureProtos.PerformanceFigureMsg p : m.getPerformanceFiguresList()) {
            List<Acceleration> acc = new ArrayList<>(p.getAccelerationCount());
            for (FixtureProtos.AccelerationMsg a : p.getAccelerationList()) {
                acc.add(new Acceleration((short) a.getMph(), a.getSeconds()));
            }
            c.performanceFigures.add(new PerformanceFigure((byte) p.getOctaneRating(), acc));
        }
        c.manufacturer = m.getManufacturer();
        c.model = m.getModel();
        return c;
    }

    static FixtureProtos.MediaContentMsg mediaContent(Object value) {
        MediaContent c = (MediaContent) value;
        Media m = c.media;
        FixtureProtos.MediaMsg.Builder mb = FixtureProtos.MediaMsg.newBuilder().setUri(m.uri).setWidth(m.width)
                .setHeight(m.height).setFormat(m.format).setDuration(m.duration).setSize(m.size)
                .setBitrate(m.bitrate).setHasBitrate(m.hasBitrate).addAllPersons(m.persons)
                .setPlayerValue(m.player.ordinal());
        if (m.title != null) {
            mb.setTitle(m.title);
        }
        if (m.copyright != null) {
            mb.setCopyright(m.copyright);
        }
        FixtureProtos.MediaContentMsg.Builder b = FixtureProtos.MediaContentMsg.newBuilder().setMedia(mb);
        for (Image i : c.images) {
            FixtureProtos.ImageMsg.Builder ib = FixtureProtos.ImageMsg.newBuilder().setUri(i.uri).setWidth(i.width)
                    .setHeight(i.height).setSizeValue(i.size.ordinal());
            if (i.title != null) {
                ib.setTitle(i.title);
            }
            b.addImages(ib);
        }
        return b.build();
    }

    static MediaContent mediaContent(FixtureProtos.MediaContentMsg msg) {
        FixtureProtos.MediaMsg mm = msg.getMedia();
        Media m = new Media();
        m.uri = mm.getUri();
        m.title = mm.hasTitle() ? mm.getTitle() : null;
        m.width = mm.getWidth();
        m.height = mm.getHeight();
        m.format = mm.getFormat();
        m.duration = mm.getDuration();
        m.size = mm.getSize();
        m.bitrate = mm.getBitrate();
        m.hasBitrate = mm.getHasBitrate();
        m.persons = new ArrayList<>(mm.getPersonsList());
        m.player = PLAYERS[mm.getPlayerValue()];
        m.copyright = mm.hasCopyright() ? mm.getCopyright() : null;
        MediaContent c = new MediaContent();
        c.media = m;
        c.images = new ArrayList<>(msg.getImagesCount());
        for (FixtureProtos.ImageMsg i : msg.getImagesList()) {
            c.images.add(new Image(i.getUri(), i.hasTitle() ? i.getTitle() : null, i.getWidth(), i.getHeight(),
                    SIZES[i.getSizeValue()]));
        }
        return c;
    }

    static FixtureProtos.SomeBeansMsg someBeans(Object value) {
        FixtureProtos.SomeBeansMsg.Builder b = FixtureProtos.SomeBeansMsg.newBuilder();
        for (SomeBean bean : (SomeBean[]) value) {
            b.addBeans(someBean(bean));
        }
        return b.build();
    }

    private static FixtureProtos.SomeBeanMsg someBean(SomeBean bean) {
        FixtureProtos.SomeBeanMsg.Builder b = FixtureProtos.SomeBeanMsg.newBuilder().setPropA(bean.getPropA())
                .setPropB(bean.getPropB()).setPropC(bean.getPropC()).setPropEValue(bean.getPropE().ordinal());
        if (bean.getPropD() != null) {
            b.setPropD(someBean(bean.getPropD()));
        }
        return b.build();
    }

    static SomeBean[] someBeans(FixtureProtos.SomeBeansMsg m) {
        SomeBean[] beans = new SomeBean[m.getBeansCount()];
        for (int i = 0; i < beans.length; i++) {
            beans[i] = someBean(m.getBeans(i));
        }
        return beans;
    }

    private static SomeBean someBean(FixtureProtos.SomeBeanMsg m) {
        SomeBean bean = new SomeBean();
        bean.setPropA(m.getPropA());
        bean.setPropB(m.getPropB());
        bean.setPropC(m.getPropC());
        if (m.hasPropD()) {
            bean.setPropD(someBean(m.getPropD()));
        }
        bean.setPropE(SOME_ENUMS[m.getPropEValue()]);
        return bean;
    }

    static FixtureProtos.SomeBeansMsg constructorBeans(Object value) {
        FixtureProtos.SomeBeansMsg.Builder b = FixtureProtos.SomeBeansMsg.newBuilder();
        for (BeanWithPropertyConstructor bean : (BeanWithPropertyConstructor[]) value) {
            b.addBeans(constructorBean(bean));
        }
        return b.build();
    }

    private static FixtureProtos.SomeBeanMsg constructorBean(BeanWithPropertyConstructor bean) {
        FixtureProtos.SomeBeanMsg.Builder b = FixtureProtos.SomeBeanMsg.newBuilder().setPropA(bean.getPropA())
                .setPropB(bean.getPropB()).setPropC(bean.getPropC()).setPropEValue(bean.getPropE().ordinal());
        if (bean.getPropD() != null) {
            b.setPropD(constructorBean(bean.getPropD()));
        }
        return b.build();
    }

    static BeanWithPropertyConstructor[] constructorBeans(FixtureProtos.SomeBeansMsg m) {
        BeanWithPropertyConstructor[] beans = new BeanWithPropertyConstructor[m.getBeansCount()];
        for (int i = 0; i < beans.length; i++) {
            beans[i] = constructorBean(m.getBeans(i));
        }
        return beans;
    }

    private static BeanWithPropertyConstructor constructorBean(FixtureProtos.SomeBeanMsg m) {
        return new BeanWithPropertyConstructor(m.getPropA(), m.getPropB(), m.getPropC(),
                m.hasPropD() ? constructorBean(m.getPropD()) : null, SOME_ENUMS[m.getPropEValue()]);
    }

    static FixtureProtos.ClassicBeansMsg classicBeans(Object value) {
        FixtureProtos.ClassicBeansMsg.Builder b = FixtureProtos.ClassicBeansMsg.newBuilder();
        for (ClassicBean c : (ClassicBean[]) value) {
            b.addBeans(FixtureProtos.ClassicBeanMsg.newBuilder().setA(c.a).setB(c.b).setC123(c.c123).setD(c.d)
                    .setE(c.e).setFoobar(c.foobar).setG(c.g).setHabitus(c.habitus));
        }
        return b.build();
    }

    static ClassicBean[] classicBeans(FixtureProtos.ClassicBeansMsg m) {
        ClassicBean[] beans = new ClassicBean[m.getBeansCount()];
        for (int i = 0; i < beans.length; i++) {
            FixtureProtos.ClassicBeanMsg c = m.getBeans(i);
            ClassicBean bean = new ClassicBean();
            bean.a = c.getA();
            bean.b = c.getB();
            bean.c123 = c.getC123();
            bean.d = c.getD();
            bean.e = c.getE();
            bean.foobar = c.getFoobar();
            bean.g = c.getG();
            bean.habitus = c.getHabitus();
            beans[i] = bean;
        }
        return beans;
    }

    static FixtureProtos.SampleMsg sample(Object value) {
        Sample s = (Sample) value;
        FixtureProtos.SampleMsg.Builder b = FixtureProtos.SampleMsg.newBuilder().setIntValue(s.intValue)
                .setLongValue(s.longValue).setFloatValue(s.floatValue).setDoubleValue(s.doubleValue)
                .setShortValue(s.shortValue).setCharValue(s.charValue).setBooleanValue(s.booleanValue);
        sampleBoxed(s, b);
        for (int v : s.intArray) {
            b.addIntArray(v);
        }
        for (long v : s.longArray) {
            b.addLongArray(v);
        }
        for (float v : s.floatArray) {
            b.addFloatArray(v);
        }
        for (double v : s.doubleArray) {
            b.addDoubleArray(v);
        }
        for (short v : s.shortArray) {
            b.addShortArray(v);
        }
        b.setCharArray(new String(s.charArray));
        for (boolean v : s.booleanArray) {
            b.addBooleanArray(v);
        }
        if (s.string != null) {
            b.setText(s.string);
        }
        if (s.sample != null) {
            b.setSample(sample(s.sample));
        }
        return b.build();
    }

    private static void sampleBoxed(Sample s, FixtureProtos.SampleMsg.Builder b) {
        if (s.boxedInt != null) {
            b.setBoxedInt(s.boxedInt);
        }
        if (s.boxedLong != null) {
            b.setBoxedLong(s.boxedLong);
        }
        if (s.boxedFloat != null) {
            b.setBoxedFloat(s.boxedFloat);
        }
        if (s.boxedDouble != null) {
            b.setBoxedDouble(s.boxedDouble);
        }
        if (s.boxedShort != null) {
            b.setBoxedShort(s.boxedShort);
        }
        if (s.boxedChar != null) {
            b.setBoxedChar(s.boxedChar);
        }
        if (s.boxedBoolean != null) {
            b.setBoxedBoolean(s.boxedBoolean);
        }
    }

    static Sample sample(FixtureProtos.SampleMsg m) {
        Sample s = new Sample();
        s.intValue = m.getIntValue();
        s.longValue = m.getLongValue();
        s.floatValue = m.getFloatValue();
        s.doubleValue = m.getDoubleValue();
        s.shortValue = (short) m.getShortValue();
        s.charValue = (char) m.getCharValue();
        s.booleanValue = m.getBooleanValue();
        s.boxedInt = m.hasBoxedInt() ? m.getBoxedInt() : null;
        s.boxedLong = m.hasBoxedLong() ? m.getBoxedLong() : null;
        s.boxedFloat = m.hasBoxedFloat() ? m.getBoxedFloat() : null;
        s.boxedDouble = m.hasBoxedDouble() ? m.getBoxedDouble() : null;
        s.boxedShort = m.hasBoxedShort() ? (short) m.getBoxedShort() : null;
        s.boxedChar = m.hasBoxedChar() ? (char) m.getBoxedChar() : null;
        s.boxedBoolean = m.hasBoxedBoolean() ? m.getBoxedBoolean() : null;
        s.intArray = new int[m.getIntArrayCount()];
        s.longArray = new long[m.getLongArrayCount()];
        s.floatArray = new float[m.getFloatArrayCount()];
        s.doubleArray = new double[m.getDoubleArrayCount()];
        s.shortArray = new short[m.getShortArrayCount()];
        for (int i = 0; i < s.intArray.length; i++) {
            s.intArray[i] = m.getIntArray(i);
        }
        for (int i = 0; i < s.longArray.length; i++) {
            s.longArray[i] = m.getLongArray(i);
        }
        for (int i = 0; i < s.floatArray.length; i++) {
            s.floatArray[i] = m.getFloatArray(i);
        }
        for (int i = 0; i < s.doubleArray.length; i++) {
            s.doubleArray[i] = m.getDoubleArray(i);
        }
        for (int i = 0; i < s.shortArray.length; i++) {
            s.shortArray[i] = (short) m.getShortArray(i);
        }
        s.charArray = m.getCharArray().toCharArray();
        s.booleanArray = new boolean[m.getBooleanArrayCount()];
        for (int i = 0; i < s.booleanArray.length; i++) {
            s.booleanArray[i] = m.getBooleanArray(i);
        }
        s.string = m.hasText() ? m.getText() : null;
        s.sample = m.hasSample() ? sample(m.getSample()) : null;
        return s;
    }
}
