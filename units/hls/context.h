// placeholder, written with the HLS emitter
#pragma once
