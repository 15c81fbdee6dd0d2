print("track")
