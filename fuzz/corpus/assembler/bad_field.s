mm rows=4 act=0 wgt=0 acc=7 dst=0
halt
