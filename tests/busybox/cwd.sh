# The working directory: cd, pwd, relative paths, cd -.
top=$(pwd)
mkdir -p x/y; cd x/y; basename "$(pwd)"
cd ..; basename "$PWD"; cd - > /dev/null; basename "$PWD"; cd "$top"
cd x && echo inside && cd .. && [ "$(pwd)" = "$top" ] && echo back
cd no-such 2>&1; echo "cd: $?"
