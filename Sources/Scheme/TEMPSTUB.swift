// Until the standard library tables land: nothing extra to install.
extension Runtime { func installStandardLibrary() {} }
