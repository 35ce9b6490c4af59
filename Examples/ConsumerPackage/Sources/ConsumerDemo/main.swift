import GreeterFeature

// Runs the generated dispatch core without WebKit (GreeterFeature's greeterDemo) and prints the answer.
print(await greeterDemo())
