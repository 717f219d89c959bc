print("stackc")
