# C[0:8, 0:8] = A @ B at T=4, MAXDIM=16
loop 2 {                                           # A's k-tiles into vr
  dma_ld rows=8 route=2 dst=0 src=0 stride=4 dst+=L0*8 src+=L0*1
}
loop 2 {                                           # L0: column block j
  dma_ld rows=8 route=1 dst=0 src=0 stride=4 src+=L0*1
  mm rows=8 wgt=0 act=0 acc=0 dst=0 dst+=L0*8
  loop 1 {                                         # L1: k-tiles after the first
    mm rows=8 wgt=4 act=8 acc=1 dst=0 wgt+=L1*4 act+=L1*8 dst+=L0*8
  }
  mvout rows=8 src=0 dst=0 stride=4 src+=L0*8 dst+=L0*1
}
halt
