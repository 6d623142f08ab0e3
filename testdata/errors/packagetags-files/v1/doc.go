// +groupName=two.example.com
// +versionName=v1
package v1
