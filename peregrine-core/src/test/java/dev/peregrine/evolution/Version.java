package dev.peregrine.evolution;

import dev.peregrine.Peregrine;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.RecordComponent;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;

/**
 * One version of a small application model, compiled from source at test time and loaded in a class
 * loader of its own, so that two versions of the same class names can meet in one JVM.
 *
 * <p>Every source is one top-level type of package {@value #PACKAGE}, written without the package
 * line; {@code java.util.*} and {@link dev.peregrine.Tag} are imported. The types are registered
 * with a {@link Peregrine} in the order given, so two versions that list their types alike get the
 * same ids. The loader's parent is the test's loader: both versions share the Peregrine classes.
 *
 * <p>Compiles through {@link ToolProvider} (in {@code java.base}) rather than {@code javax.tools},
 * because the tests compile inside module {@code dev.peregrine}, which does not read
 * {@code java.compiler}. All types of a version are compiled in one call, eagerly loaded, and their
 * class files deleted; a test class keeps its versions in static fields.
 */
final class Version {
    static final String PACKAGE = "evo.model";
    private static final String HEADER = "package " + PACKAGE + ";\nimport java.util.*;\nimport dev.peregrine.Tag;\n";
    private static final Pattern TYPE_NAME = Pattern.compile("\\b(?:class|record|enum|interface)\\s+(\\w+)");

    private final String label;
    private final ClassLoader loader;
    private final List<Class<?>> registered;

    private Version(String label, ClassLoader loader, List<Class<?>> registered) {
        this.label = label;
        this.loader = loader;
        this.registered = registered;
    }

    /**
     * Compiles and loads one version.
     *
     * @param label   name for messages, such as "v1"
     * @param sources one top-level type each, in registration order
     * @return the loaded version
     */
    static Version compile(String label, String... sources) {
        Path root = null;
        try {
            root = Files.createTempDirectory("peregrine-evolution-" + label + "-");
            Path src = Files.createDirectories(root.resolve("src"));
            Path out = Files.createDirectories(root.resolve("classes"));
            List<String> names = new ArrayList<>();
            List<String> args = new ArrayList<>(List.of("-d", out.toString(), "-parameters", "--release", "17",
                    "-proc:none", "-nowarn", "-encoding", "UTF-8", "-cp", System.getProperty("java.class.path")));
            for (String source : sources) {
                String name = typeName(source);
                Path file = src.resolve(name + ".java");
                Files.writeString(file, HEADER + source, StandardCharsets.UTF_8);
                names.add(name);
                args.add(file.toString());
            }
            javac(label, args);
            URLClassLoader loader = new URLClassLoader("evolution-" + label, new URL[] {out.toUri().toURL()},
                    Version.class.getClassLoader());
            loadAll(loader, out);
            List<Class<?>> registered = new ArrayList<>();
            for (String name : names) {
                registered.add(Class.forName(PACKAGE + "." + name, false, loader));
            }
            return new Version(label, loader, List.copyOf(registered));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        } finally {
            if (root != null) {
                deleteTree(root);
            }
        }
    }

    private static String typeName(String source) {
        Matcher m = TYPE_NAME.matcher(source);
        if (!m.find()) {
            throw new IllegalArgumentException("no type declared in " + source);
        }
        return m.group(1);
    }

    private static void javac(String label, List<String> args) {
        ToolProvider javac = ToolProvider.findFirst("javac")
                .orElseThrow(() -> new IllegalStateException("the tests need a JDK: no javac tool"));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintWriter w = new PrintWriter(log, true, StandardCharsets.UTF_8);
        int status = javac.run(w, w, args.toArray(new String[0]));
        w.flush();
        if (status != 0) {
            throw new IllegalStateException("cannot compile version " + label + ":\n"
                    + log.toString(StandardCharsets.UTF_8));
        }
    }

    /** Loads every compiled class now, so that the class files can be deleted. */
    private static void loadAll(ClassLoader loader, Path out) throws IOException, ClassNotFoundException {
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.walk(out)) {
            files.filter(f -> f.toString().endsWith(".class")).forEach(f -> {
                String relative = out.relativize(f).toString();
                String separator = f.getFileSystem().getSeparator();
                names.add(relative.substring(0, relative.length() - ".class".length()).replace(separator, "."));
            });
        }
        for (String name : names) {
            Class.forName(name, false, loader);
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // A temp directory left behind is harmless; the test result does not depend on it.
        }
    }

    @Override
    public String toString() {
        return label;
    }

    /** @return the loader of this version's classes */
    ClassLoader loader() {
        return loader;
    }

    /**
     * @param simpleName name of a type of this version, such as "Person" or "Person$Inner"
     * @return the class
     */
    Class<?> type(String simpleName) {
        try {
            return Class.forName(PACKAGE + "." + simpleName, false, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException(label + " has no type " + simpleName, e);
        }
    }

    /**
     * A builder with this version's types registered in order and its loader set.
     *
     * @param compatible whether to select the compatible format
     * @return the builder
     */
    Peregrine.Builder builder(boolean compatible) {
        return Peregrine.builder().register(registered.toArray(new Class<?>[0])).classLoader(loader)
                .compatible(compatible);
    }

    /**
     * @param compatible whether to select the compatible format
     * @return a new instance for this version
     */
    Peregrine peregrine(boolean compatible) {
        return builder(compatible).build();
    }

    /**
     * Writes a value in the compatible format with a new instance of this version.
     *
     * @param value an instance of one of this version's classes
     * @return the payload
     */
    byte[] write(Object value) {
        return peregrine(true).serialize(value);
    }

    /**
     * Reads a compatible payload with a new instance of this version.
     *
     * @param bytes      the payload
     * @param simpleName the expected type of this version
     * @return the value
     */
    Object read(byte[] bytes, String simpleName) {
        return peregrine(true).deserialize(bytes, type(simpleName));
    }

    /**
     * Writes a value with one version and reads it with another, both in the compatible format.
     *
     * @param writer the version the value belongs to
     * @param reader the version that reads it, as its class of the same name
     * @param value  the value
     * @return what the reader reads
     */
    static Object transfer(Version writer, Version reader, Object value) {
        return reader.read(writer.write(value), value.getClass().getSimpleName());
    }

    /**
     * Creates an instance: a record through its canonical constructor, a class with a no-arg
     * constructor through it and then its fields, any other class through its constructor with
     * arguments matched by parameter name. Unnamed fields keep what the constructor gives them.
     *
     * @param simpleName     the type
     * @param namesAndValues field name, value, field name, value...
     * @return the instance
     */
    Object create(String simpleName, Object... namesAndValues) {
        Class<?> type = type(simpleName);
        Map<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            values.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        try {
            if (type.isRecord()) {
                return createRecord(type, values);
            }
            Constructor<?> c = constructor(type);
            c.setAccessible(true);
            Object[] args = new Object[c.getParameterCount()];
            Parameter[] params = c.getParameters();
            for (int i = 0; i < args.length; i++) {
                args[i] = values.containsKey(params[i].getName()) ? values.remove(params[i].getName())
                        : zero(params[i].getType());
            }
            Object instance = c.newInstance(args);
            for (Map.Entry<String, Object> e : values.entrySet()) {
                field(type, e.getKey()).set(instance, e.getValue());
            }
            return instance;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create " + simpleName + " of " + label, e);
        }
    }

    private static Object createRecord(Class<?> type, Map<String, Object> values) throws ReflectiveOperationException {
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        Object[] args = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            String name = components[i].getName();
            args[i] = values.containsKey(name) ? values.remove(name) : zero(types[i]);
        }
        if (!values.isEmpty()) {
            throw new IllegalArgumentException(type.getName() + " has no components " + values.keySet());
        }
        Constructor<?> c = type.getDeclaredConstructor(types);
        c.setAccessible(true);
        return c.newInstance(args);
    }

    private static Constructor<?> constructor(Class<?> type) {
        try {
            return type.getDeclaredConstructor();
        } catch (NoSuchMethodException e) {
            Constructor<?>[] all = type.getDeclaredConstructors();
            if (all.length != 1) {
                throw new IllegalArgumentException(type.getName() + " needs a no-arg or a single constructor", e);
            }
            return all[0];
        }
    }

    /**
     * @param enumName an enum of this version
     * @param constant the constant's name
     * @return the constant
     */
    Object constant(String enumName, String constant) {
        for (Object c : type(enumName).getEnumConstants()) {
            if (((Enum<?>) c).name().equals(constant)) {
                return c;
            }
        }
        throw new IllegalArgumentException(label + "'s " + enumName + " has no constant " + constant);
    }

    /**
     * Reads a field reflectively.
     *
     * @param instance an instance of a version's class
     * @param name     a field of its class or a superclass
     * @return the value
     */
    static Object get(Object instance, String name) {
        try {
            return field(instance.getClass(), name).get(instance);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Field field(Class<?> type, String name) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField(name);
                f.setAccessible(true);
                return f;
            } catch (NoSuchFieldException e) {
                // look in the superclass
            }
        }
        throw new IllegalArgumentException(type.getName() + " has no field " + name);
    }

    /**
     * A version-independent picture of a value, for comparing values of different versions: an
     * instance of a model class becomes a map from field name to picture (sorted by name), an enum
     * constant its name, a list or map the same of pictures; anything else stays as it is.
     *
     * @param value a value or null
     * @return its picture
     */
    static Object snapshot(Object value) {
        if (value == null) {
            return null;
        }
        Class<?> c = value.getClass();
        if (value instanceof Enum<?> e) {
            return e.getDeclaringClass().getName().startsWith(PACKAGE + ".") ? e.name() : value;
        }
        if (value instanceof Collection<?> collection) {
            List<Object> copy = new ArrayList<>();
            collection.forEach(x -> copy.add(snapshot(x)));
            return copy;
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put(snapshot(k), snapshot(v)));
            return copy;
        }
        if (!c.getName().startsWith(PACKAGE + ".")) {
            return value;
        }
        Map<String, Object> fields = new TreeMap<>();
        for (Class<?> k = c; k != Object.class && k != Record.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || Modifier.isTransient(f.getModifiers()) || f.isSynthetic()) {
                    continue;
                }
                f.setAccessible(true);
                try {
                    fields.put(f.getName(), snapshot(f.get(value)));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return fields;
    }

    private static Object zero(Class<?> type) {
        if (!type.isPrimitive()) {
            return null;
        }
        if (type == boolean.class) {
            return false;
        }
        if (type == char.class) {
            return '\0';
        }
        if (type == long.class) {
            return 0L;
        }
        if (type == float.class) {
            return 0f;
        }
        if (type == double.class) {
            return 0d;
        }
        if (type == byte.class) {
            return (byte) 0;
        }
        if (type == short.class) {
            return (short) 0;
        }
        return 0;
    }
}
