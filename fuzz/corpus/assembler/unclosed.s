loop 2 {
 dma_ld rows=1 route=0 dst=0 src=0 stride=1
halt
