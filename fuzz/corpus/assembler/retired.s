dma_ld rows=4 route=1 dst=0 src=0 stride=4
dma_st rows=4
halt
