package dev.peregrine.type;

import java.util.List;

/**
 * Classes Peregrine never instantiates or names, whatever the registration policy: the packages
 * that published deserialization gadget chains go through (transformer and invoker classes of
 * collection libraries, script engines, JNDI, RMI, JMX, bean and proxy machinery, XSLT templates,
 * connection pools that take a JNDI name). Checked by name, before a class is loaded, and again when
 * a class's model is built, so neither a payload nor a registration can bring one in.
 */
public final class DeniedClasses {
    private static final List<String> PREFIXES = List.of(
            "java.lang.reflect.", "java.lang.invoke.", "java.lang.ProcessBuilder", "java.lang.Runtime",
            "java.lang.ClassLoader", "java.beans.", "java.rmi.", "java.net.URLClassLoader", "javax.naming.",
            "javax.management.", "javax.script.", "javax.sql.", "com.sun.", "sun.", "jdk.",
            "org.apache.commons.collections.functors.", "org.apache.commons.collections4.functors.",
            "org.apache.commons.beanutils.", "org.apache.commons.fileupload.", "org.apache.xalan.",
            "org.apache.xbean.", "org.apache.tomcat.dbcp.", "org.apache.commons.dbcp", "org.apache.log4j.",
            "org.apache.logging.log4j.core.", "org.apache.myfaces.", "org.apache.wicket.util.upload.",
            "org.codehaus.groovy.runtime.", "groovy.lang.", "org.springframework.beans.factory.",
            "org.springframework.aop.", "org.springframework.transaction.jta.", "org.hibernate.",
            "com.mchange.v2.c3p0.", "com.zaxxer.hikari.", "ch.qos.logback.core.db.", "org.mozilla.javascript.",
            "bsh.", "clojure.", "org.python.", "com.rometools.rome.feed.impl.", "net.sf.json.",
            "org.jboss.interceptor.", "org.jboss.weld.", "com.vaadin.data.util.", "org.eclipse.jetty.util.log.",
            "org.aspectj.weaver.", "javassist.", "net.bytebuddy.", "org.mvel2.", "ognl.");

    private DeniedClasses() {
    }

    /**
     * Whether a class name is denied.
     *
     * @param className a binary class name; for array classes, the element class name
     * @return true when Peregrine must refuse it
     */
    public static boolean isDenied(String className) {
        String name = className;
        while (name.startsWith("[")) {
            name = name.substring(1);
        }
        if (name.startsWith("L") && name.endsWith(";")) {
            name = name.substring(1, name.length() - 1);
        }
        for (String prefix : PREFIXES) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
