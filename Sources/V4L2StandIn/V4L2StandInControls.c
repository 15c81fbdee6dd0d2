// Controls of the stand-in, as uvcvideo maps a typical webcam's: brightness,
// exposure (auto menu + absolute time), focus (auto + absolute), and an LED
// exposed through the standard flash class (V4L2_CID_FLASH_LED_MODE).
#define _GNU_SOURCE
#include "V4L2StandIn.h"
#include "V4L2StandInState.h"

#include <errno.h>
#include <string.h>

struct standin_control {
    uint32_t id;
    uint32_t type;
    const char *name;
    int32_t minimum, maximum, step, default_value;
    const char *menu[4];  // menu item names by index; NULL = index not offered
};

static const struct standin_control controls[] = {
    {V4L2_CID_BRIGHTNESS, V4L2_CTRL_TYPE_INTEGER, "Brightness", -64, 64, 1, 0, {0}},
    {V4L2_CID_EXPOSURE_AUTO, V4L2_CTRL_TYPE_MENU, "Auto Exposure", 0, 3, 1, V4L2_EXPOSURE_APERTURE_PRIORITY,
     {NULL, "Manual Mode", NULL, "Aperture Priority Mode"}},
    {V4L2_CID_EXPOSURE_ABSOLUTE, V4L2_CTRL_TYPE_INTEGER, "Exposure Time, Absolute", 3, 2047, 1, 250, {0}},
    {V4L2_CID_FOCUS_ABSOLUTE, V4L2_CTRL_TYPE_INTEGER, "Focus, Absolute", 0, 250, 5, 0, {0}},
    {V4L2_CID_FOCUS_AUTO, V4L2_CTRL_TYPE_BOOLEAN, "Focus, Automatic Continuous", 0, 1, 1, 1, {0}},
    {V4L2_CID_FLASH_LED_MODE, V4L2_CTRL_TYPE_MENU, "LED Mode", 0, 2, 1, V4L2_FLASH_LED_MODE_NONE,
     {"Off", "Flash", "Torch", NULL}},
};
#define CONTROL_COUNT ((int)(sizeof controls / sizeof controls[0]))

void standin_controls_reset(void) {
    for (int i = 0; i < CONTROL_COUNT; i++) standin_device.controls[i] = controls[i].default_value;
}

static int find(uint32_t id) {
    for (int i = 0; i < CONTROL_COUNT; i++) if (controls[i].id == id) return i;
    return -1;
}

static int32_t value_of(uint32_t id) {
    int i = find(id);
    return i < 0 ? 0 : standin_device.controls[i];
}

// A manual control is inactive while its automatic master is on (uvc_ctrl "slave" controls).
static int is_inactive(uint32_t id) {
    if (id == V4L2_CID_EXPOSURE_ABSOLUTE) return value_of(V4L2_CID_EXPOSURE_AUTO) != V4L2_EXPOSURE_MANUAL;
    if (id == V4L2_CID_FOCUS_ABSOLUTE) return value_of(V4L2_CID_FOCUS_AUTO) != 0;
    return 0;
}

int standin_queryctrl(struct v4l2_queryctrl *query) {
    uint32_t id = query->id;
    int index = -1;
    if (id & (V4L2_CTRL_FLAG_NEXT_CTRL | V4L2_CTRL_FLAG_NEXT_COMPOUND)) {
        uint32_t after = id & ~(uint32_t)(V4L2_CTRL_FLAG_NEXT_CTRL | V4L2_CTRL_FLAG_NEXT_COMPOUND);
        for (int i = 0; i < CONTROL_COUNT; i++)
            if (controls[i].id > after && (index < 0 || controls[i].id < controls[index].id)) index = i;
    } else {
        index = find(id);
    }
    if (index < 0) { errno = EINVAL; return -1; }
    const struct standin_control *c = &controls[index];
    memset(query, 0, sizeof *query);
    query->id = c->id;
    query->type = c->type;
    strncpy((char *)query->name, c->name, sizeof query->name - 1);
    query->minimum = c->minimum;
    query->maximum = c->maximum;
    query->step = c->step;
    query->default_value = c->default_value;
    query->flags = is_inactive(c->id) ? V4L2_CTRL_FLAG_INACTIVE : 0;
    return 0;
}

int standin_querymenu(struct v4l2_querymenu *query) {
    int i = find(query->id);
    if (i < 0 || controls[i].type != V4L2_CTRL_TYPE_MENU || query->index > 3 || (int32_t)query->index < controls[i].minimum ||
        (int32_t)query->index > controls[i].maximum || controls[i].menu[query->index] == NULL) {
        errno = EINVAL;
        return -1;
    }
    memset(query->name, 0, sizeof query->name);
    strncpy((char *)query->name, controls[i].menu[query->index], sizeof query->name - 1);
    return 0;
}

int standin_g_ctrl(struct v4l2_control *control) {
    int i = find(control->id);
    if (i < 0) { errno = EINVAL; return -1; }
    control->value = standin_device.controls[i];
    return 0;
}

int standin_s_ctrl(struct v4l2_control *control) {
    int i = find(control->id);
    if (i < 0) { errno = EINVAL; return -1; }
    const struct standin_control *c = &controls[i];
    if (is_inactive(c->id)) { errno = EACCES; return -1; }  // uvc: master control is in auto mode
    int32_t value = control->value;
    switch (c->type) {
    case V4L2_CTRL_TYPE_MENU:
        if (value < c->minimum || value > c->maximum || value > 3 || c->menu[value] == NULL) { errno = EINVAL; return -1; }
        break;
    case V4L2_CTRL_TYPE_BOOLEAN:
        value = value ? 1 : 0;
        break;
    default:
        if (value < c->minimum) value = c->minimum;
        if (value > c->maximum) value = c->maximum;
        value = c->minimum + (value - c->minimum + c->step / 2) / c->step * c->step;
        break;
    }
    standin_device.controls[i] = value;
    control->value = value;
    return 0;
}
