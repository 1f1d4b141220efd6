# a comment

   halt # trailing
