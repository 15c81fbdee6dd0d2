#ifndef CFFMPEGSHIM_H
#define CFFMPEGSHIM_H
#endif
