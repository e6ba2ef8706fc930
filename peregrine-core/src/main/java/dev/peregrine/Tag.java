package dev.peregrine;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Gives a field a stable number for the compatible format, so that renaming the field keeps its
 * data: a reader matches a written field to its own field by tag when the written field has one,
 * otherwise by name. On a record component the tag applies to the component's field.
 *
 * <p>Tags are optional and only matter in compatible mode ({@link Peregrine.Builder#compatible});
 * within one class they must be distinct. The same-schema format ignores them.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Tag {
    /** @return the field's number, 0 or more, unique within its class */
    int value();
}
