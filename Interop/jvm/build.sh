#!/usr/bin/env sh
# Compiles the JVM decoder (Java 17, Jackson data binding) into CLASSES (default: classes/ here).
# Jackson comes from Debian's libjackson2-databind-java (/usr/share/java), or JACKSON_JARS, a
# colon-separated class path of jackson-databind, -core and -annotations.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
classes=${1:-"$here/classes"}
jars=${JACKSON_JARS:-/usr/share/java/jackson-databind.jar:/usr/share/java/jackson-core.jar:/usr/share/java/jackson-annotations.jar}
mkdir -p "$classes"
javac -Xlint:all -Werror --release 17 -d "$classes" -cp "$jars" "$here"/src/chatpayloads/interop/*.java
