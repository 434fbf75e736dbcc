// generated from fixtures/capabilities.json by tools/codegen — do not edit
// The Gradle module of xcap's native input and output types (kotlinx.serialization).
// Include it in a build (settings.gradle.kts):
//   include(":xcap-native")
//   project(":xcap-native").projectDir = file("node_modules/@xcap/catalog/native")
// and depend on it: implementation(project(":xcap-native")). Java code imports
// dev.xcap.nativetypes.* too. A build that already puts the Kotlin plugins on its
// classpath drops the two versions below.
plugins {
    kotlin("jvm") version "2.1.0"
    kotlin("plugin.serialization") version "2.1.0"
    `java-library`
}

group = "dev.xcap"

repositories {
    mavenCentral()
}

dependencies {
    api("org.jetbrains.kotlinx:kotlinx-serialization-json:1.7.3")
}
