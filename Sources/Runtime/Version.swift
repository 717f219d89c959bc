public enum StackRuntimeInfo { public static let version = "0.1.0" }
