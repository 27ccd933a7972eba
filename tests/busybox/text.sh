# Text tools on made-up data: grep, sed, awk, sort, uniq, wc, head, tail, cut, tr.
printf 'pear 3\napple 10\nfig 7\napple 2\nkiwi 7\n' > fruit
grep apple fruit; grep -c 7 fruit; grep -v -e apple -e fig fruit
sed 's/apple/APPLE/; /fig/d' fruit
sed -n '2,3p' fruit
awk '{ sum += $2 } END { print "total", sum, NR }' fruit
awk -F' ' '$2 > 5 { print $1 }' fruit
sort fruit; sort -k2 -n fruit; sort -r fruit | head -2
cut -d' ' -f1 fruit | sort | uniq -c
cut -d' ' -f1 fruit | sort -u | tr '\n' ','; echo
wc -l < fruit; wc -w fruit; wc -c fruit
head -n 2 fruit; tail -n 1 fruit; tail -c 8 fruit
echo "Hello World" | tr 'a-z' 'A-Z'; echo "a-b-c" | tr -d '-'; echo "aaabbb" | tr -s 'ab'
