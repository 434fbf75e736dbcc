// generated from fixtures/capabilities.json by tools/codegen — do not edit
// Lets the module build on its own (gradle build in this folder); an including build ignores it.
rootProject.name = "xcap-native"
