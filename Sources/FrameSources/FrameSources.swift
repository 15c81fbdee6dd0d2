// Frame sources: V4L2 cameras, media files (FFmpeg), synthetic scenes.
