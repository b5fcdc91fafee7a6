# Unit tests of the harness itself (cmocka), built in the ASan+UBSan variant.
