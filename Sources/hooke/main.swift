import Hooke

print("hooke: commands are being built")
