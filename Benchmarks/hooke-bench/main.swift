import CReference
import Hooke

print("hooke-bench: scenarios are being built")
