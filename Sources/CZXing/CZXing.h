// zxing-cpp is a C++ library: Swift never includes its headers. This system
// library target exists so SwiftPM finds it through pkg-config (`zxing`) and
// names the Debian package (`libzxing-dev`) when it is missing; CZXingShim
// depends on it for the include path and the link flag.
