print("camera-probe")
