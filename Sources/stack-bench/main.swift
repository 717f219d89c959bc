print("stack-bench")
