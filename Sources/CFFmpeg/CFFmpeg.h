// FFmpeg's libraries are wrapped by CFFmpegShim; Swift never includes their
// headers. This system library target locates them through pkg-config and
// names the Debian packages when they are missing.
