#ifndef SOUNDSHELF_CFFMPEG_SHIM_H
#define SOUNDSHELF_CFFMPEG_SHIM_H
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswresample/swresample.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libavutil/opt.h>
#include <libavutil/samplefmt.h>

/* Error codes Swift cannot import (function-like macros), re-exported as constants. */
static const int SHIM_AVERROR_EOF = AVERROR_EOF;
static const int SHIM_AVERROR_EAGAIN = AVERROR(EAGAIN);
static const int SHIM_AVERROR_INVALIDDATA = AVERROR_INVALIDDATA;
static const int SHIM_AV_LOG_QUIET = AV_LOG_QUIET;
static const int SHIM_AV_DICT_IGNORE_SUFFIX = AV_DICT_IGNORE_SUFFIX;
static const int SHIM_AVERROR_EXIT = AVERROR_EXIT;
static const int SHIM_AVERROR_EIO = AVERROR(EIO);
static const int SHIM_AVSEEK_SIZE = AVSEEK_SIZE;
static const int SHIM_AVSEEK_FORCE = AVSEEK_FORCE;
#endif
