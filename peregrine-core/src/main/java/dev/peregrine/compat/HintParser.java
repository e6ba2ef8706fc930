package dev.peregrine.compat;

import dev.peregrine.MalformedInputException;
import dev.peregrine.codec.Builtins;
import dev.peregrine.codec.TypeHint;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The text of a declared type in a def, and its parser. Like {@link TypeHint#describe}, but shorter:
 * a built-in class is {@code #tag} ({@code #12} for {@code String}), and a class in the package of
 * the class being described is {@code .SimpleName}; so {@code List<com.a.Item>} in a class of
 * {@code com.a} is {@code #79<.Item>}. Parsing turns a text back into a hint with this JVM's classes;
 * a class this reader cannot resolve becomes {@link #UNKNOWN}.
 */
final class HintParser {
    /** Stands for a class the writer declared and this reader does not have. */
    static final TypeHint UNKNOWN = new TypeHint(Unknown.class, new TypeHint[0]);

    /** The raw class of {@link #UNKNOWN}. */
    static final class Unknown {
        private Unknown() {
        }
    }

    private static final int MAX_NESTING = 32;

    private final String text;
    private final String pkg;
    private final Function<String, Class<?>> classes;
    private int pos;

    private HintParser(String text, String pkg, Function<String, Class<?>> classes) {
        this.text = text;
        this.pkg = pkg;
        this.classes = classes;
    }

    /**
     * The text of a hint.
     *
     * @param hint a declared type, or null
     * @param pkg  the package of the class whose field it is
     * @return its text
     */
    static String render(TypeHint hint, String pkg) {
        return TypeHint.describe(hint, c -> {
            int tag = Builtins.tagOf(c);
            String name = c.getName();
            if (tag >= 0) {
                return "#" + tag;
            }
            if (!pkg.isEmpty() && name.startsWith(pkg + ".") && name.indexOf('.', pkg.length() + 1) < 0) {
                return name.substring(pkg.length());
            }
            return name;
        });
    }

    /**
     * @param text    a hint text
     * @param pkg     the package of the class whose field it is
     * @param classes resolves a full class name, or returns null
     * @return the hint; null for {@code ?}
     */
    static TypeHint parse(String text, String pkg, Function<String, Class<?>> classes) {
        HintParser p = new HintParser(text, pkg, classes);
        TypeHint h = p.hint(0);
        if (p.pos != text.length()) {
            throw p.error();
        }
        return h;
    }

    /**
     * The class a hint text names at its top, for a class this reader does not have.
     *
     * @param text a hint text
     * @param pkg  the package of the class whose field it is
     * @return the full class name, or null when the text names an array or a built-in class
     */
    static String className(String text, String pkg) {
        int end = tokenEnd(text, 0);
        if (end == 0 || text.endsWith("]") || text.charAt(0) == '#' || text.charAt(0) == '?') {
            return null;
        }
        return fullName(text.substring(0, end), pkg);
    }

    /** @return the index where the class token starting at {@code start} ends */
    private static int tokenEnd(String text, int start) {
        int end = start;
        while (end < text.length() && "<>,[]".indexOf(text.charAt(end)) < 0) {
            end++;
        }
        return end;
    }

    private static String fullName(String token, String pkg) {
        return token.charAt(0) == '.' ? pkg + token : token;
    }

    private TypeHint hint(int nesting) {
        if (nesting > MAX_NESTING) {
            throw error();
        }
        TypeHint h;
        if (peek() == '?') {
            pos++;
            h = null;
        } else {
            int start = pos;
            pos = tokenEnd(text, start);
            if (pos == start) {
                throw error();
            }
            String token = text.substring(start, pos);
            Class<?> raw = resolve(token);
            List<TypeHint> args = new ArrayList<>();
            if (peek() == '<') {
                do {
                    pos++;
                    args.add(hint(nesting + 1));
                } while (peek() == ',');
                expect('>');
            }
            // A type argument keeps the writer's name of a class this reader lacks: a run of its
            // values under the DECLARED flag refers to its def by that name (format 4).
            h = raw != null ? new TypeHint(raw, args.toArray(new TypeHint[0]))
                    : nesting == 0 ? UNKNOWN : TypeHint.unresolved(Unknown.class, fullName(token, pkg));
        }
        while (peek() == '[') {
            pos++;
            expect(']');
            Class<?> component = h == null ? Object.class : h.raw();
            h = component == Unknown.class ? UNKNOWN : new TypeHint(component.arrayType(), new TypeHint[] {h});
        }
        return h;
    }

    private Class<?> resolve(String token) {
        if (token.charAt(0) == '#') {
            try {
                return Builtins.classOf(Integer.parseInt(token.substring(1)));
            } catch (NumberFormatException e) {
                throw error();
            }
        }
        return classes.apply(fullName(token, pkg));
    }

    private int peek() {
        return pos < text.length() ? text.charAt(pos) : -1;
    }

    private void expect(char c) {
        if (peek() != c) {
            throw error();
        }
        pos++;
    }

    private MalformedInputException error() {
        return new MalformedInputException("malformed declared type in a class definition: " + text, -1);
    }
}
