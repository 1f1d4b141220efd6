loop 3 {
  loop 2 {
    dma_ld rows=4 route=1 dst=0 src=0 stride=4 src+=L0*4
  }
}
halt
