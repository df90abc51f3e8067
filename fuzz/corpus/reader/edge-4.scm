#|nested #| comment |# |#
